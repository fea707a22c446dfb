import { api } from '../../app/api';
import type { components } from '../../app/openapi';

type Schemas = components['schemas'];

export type DeclinedCardsReport = Omit<Schemas['DeclinedCardsAnswer'], 'status'>;
export type DeclinedCardsByTenant = Schemas['DeclinedCardsByTenantDto'];
export type DeclinedCardsByAddress = Schemas['DeclinedCardsByAddressDto'];

export const declinedCardsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Counts move with every decline: the page asks afresh each time it opens, and on Refresh.
    getDeclinedCards: build.query<DeclinedCardsReport, void>({
      query: () => '/operator/declined-cards',
      transformResponse: ({ status: _status, ...report }: Schemas['DeclinedCardsAnswer']) => report,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetDeclinedCardsQuery } = declinedCardsApi;
