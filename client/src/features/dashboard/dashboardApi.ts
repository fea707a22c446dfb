import type { ProfileInput } from '@rentwise/libs/schemas/profile.schema';
import { api } from '../../app/api';
import type { components } from '../../app/openapi';
import { storeUserWhenDone } from '../../app/session';

type Schemas = components['schemas'];

/** The signed-in person's own details and photo, and what their dashboard shows. */
export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** pendingEmail: the new email a confirmation link went to (the email itself changes once it is opened). */
    updateUser: build.mutation<Schemas['ProfileUpdatedAnswer'], ProfileInput>({
      query: (body) => ({ url: '/account/update-user', method: 'POST', body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => storeUserWhenDone(queryFulfilled, dispatch),
    }),
    saveUserPhoto: build.mutation<Schemas['UserAnswer'], File>({
      query: (photo) => {
        const body = new FormData();
        body.append('photo', photo);
        return { url: '/account/save-user-photo', method: 'POST', body };
      },
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => storeUserWhenDone(queryFulfilled, dispatch),
    }),
    // A mutation, not a query: the provider's login link works once and must never come from a cache.
    payoutDashboardLink: build.mutation<Schemas['PayoutDashboardLink'], void>({
      query: () => ({ url: '/onboarding/payout-dashboard-link', method: 'GET' }),
    }),
  }),
});

export const {
  useUpdateUserMutation,
  useSaveUserPhotoMutation,
  usePayoutDashboardLinkMutation,
} = dashboardApi;
