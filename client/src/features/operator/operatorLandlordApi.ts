import type { CardGatewayChoice } from '@rentwise/libs/schemas/authorize-net-payment.schema';
import { api } from '../../app/api';
import { statusOf } from '../../app/apiError';
import type { components } from '../../app/openapi';

type Schemas = components['schemas'];

export type OperatorLandlord = Schemas['OperatorLandlordDto'];
export type CardGatewayChange = Schemas['CardGatewayChangeDto'];
export type CardGateway = OperatorLandlord['cardGateway'];

const tagOf = (landlordUserId: string) => ({ type: 'OperatorLandlord' as const, id: landlordUserId });

export const operatorLandlordApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOperatorLandlord: build.query<OperatorLandlord, string>({
      query: (landlordUserId) => `/operator/landlords/${encodeURIComponent(landlordUserId)}`,
      transformResponse: (answer: Schemas['OperatorLandlordAnswer']) => answer.landlord,
      providesTags: (_landlord, _error, landlordUserId) => [tagOf(landlordUserId)],
    }),
    // Not optimistic: the page shows the gateway the server answers after the change.
    setLandlordCardGateway: build.mutation<Schemas['CardGatewaySet'], { landlordUserId: string } & CardGatewayChoice>({
      query: ({ landlordUserId, gateway }) => ({
        url: `/operator/landlords/${encodeURIComponent(landlordUserId)}/card-gateway`,
        method: 'PUT',
        body: { gateway },
      }),
      // A 409 can mean the installation changed under the page (Authorize.Net keys removed): read it again then too.
      invalidatesTags: (_answer, error, { landlordUserId }) => (!error || statusOf(error) === 409 ? [tagOf(landlordUserId)] : []),
    }),
  }),
});

export const { useGetOperatorLandlordQuery, useSetLandlordCardGatewayMutation } = operatorLandlordApi;
