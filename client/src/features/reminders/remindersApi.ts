import type { PropertyRemindersInput } from '@rentwise/libs/schemas/reminders.schema';
import { api } from '../../app/api';
import type { components } from '../../app/openapi';

type Schemas = components['schemas'];

export type UnpaidBalance = Schemas['UnpaidBalance'];
export type PropertyReminders = Omit<Schemas['PropertyRemindersAnswer'], 'status'>;

export const remindersApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Balances move with every payment and charge: asked afresh each time the page opens.
    getUnpaidBalances: build.query<UnpaidBalance[], void>({
      query: () => '/landlord/balances',
      transformResponse: (answer: Schemas['UnpaidBalancesAnswer']) => answer.rows,
      keepUnusedDataFor: 0,
    }),
    getPropertyReminders: build.query<PropertyReminders, string>({
      query: (propertyId) => `/landlord/properties/${encodeURIComponent(propertyId)}/reminders`,
      transformResponse: ({ status: _status, ...view }: Schemas['PropertyRemindersAnswer']) => view,
    }),
    setPropertyReminders: build.mutation<PropertyReminders, { propertyId: string; reminders: PropertyRemindersInput }>({
      query: ({ propertyId, reminders }) => ({ url: `/landlord/properties/${encodeURIComponent(propertyId)}/reminders`, method: 'PUT', body: reminders }),
      transformResponse: ({ status: _status, ...view }: Schemas['PropertyRemindersAnswer']) => view,
      // The page shows what the server saved, once it has answered (never before).
      async onQueryStarted({ propertyId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(remindersApi.util.upsertQueryData('getPropertyReminders', propertyId, data));
      },
    }),
  }),
});

export const { useGetUnpaidBalancesQuery, useGetPropertyRemindersQuery, useSetPropertyRemindersMutation } = remindersApi;
