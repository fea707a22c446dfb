import { api } from '../../app/api';
import type { components } from '../../app/openapi';

type TenantRemindersAnswer = components['schemas']['TenantRemindersAnswer'];

/** The tenant's rent reminder switch (issue 36). */
export const tenantRemindersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTenantReminders: build.query<boolean, void>({
      query: () => '/tenant/reminders',
      transformResponse: (answer: TenantRemindersAnswer) => answer.remindersOn,
    }),
    setTenantReminders: build.mutation<boolean, boolean>({
      query: (remindersOn) => ({ url: '/tenant/reminders', method: 'PUT', body: { remindersOn } }),
      transformResponse: (answer: TenantRemindersAnswer) => answer.remindersOn,
      // The switch shows what the server saved, once it has answered.
      async onQueryStarted(_remindersOn, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data !== undefined) dispatch(tenantRemindersApi.util.upsertQueryData('getTenantReminders', undefined, data));
      },
    }),
  }),
});

export const { useGetTenantRemindersQuery, useSetTenantRemindersMutation } = tenantRemindersApi;
