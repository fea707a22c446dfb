import type { ProfileInput } from '@rentwise/libs/schemas/profile.schema';
import { api } from '../../app/api';
import { storeUserWhenDone, type UserAnswer } from '../../app/session';

/** What the tenant dashboard shows of where the tenant lives (GET /api/tenant/residence, Tenants module). */
export interface DashboardResidence {
  propertyAddress: string;
}

/** The signed-in person's own details and photo, and what their dashboard shows. */
export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** pendingEmail: the new email a confirmation link went to (the email itself changes once it is opened). */
    updateUser: build.mutation<UserAnswer & { pendingEmail: string | null }, ProfileInput>({
      query: (body) => ({ url: '/account/update-user', method: 'POST', body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => storeUserWhenDone(queryFulfilled, dispatch),
    }),
    saveUserPhoto: build.mutation<UserAnswer, File>({
      query: (photo) => {
        const body = new FormData();
        body.append('photo', photo);
        return { url: '/account/save-user-photo', method: 'POST', body };
      },
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => storeUserWhenDone(queryFulfilled, dispatch),
    }),
    dashboardResidence: build.query<DashboardResidence | null, void>({
      query: () => '/tenant/residence',
      transformResponse: (answer: { residence: DashboardResidence | null }) => answer.residence ?? null,
    }),
    // A mutation, not a query: the provider's login link works once and must never come from a cache.
    payoutDashboardLink: build.mutation<{ url: string }, void>({
      query: () => ({ url: '/onboarding/payout-dashboard-link', method: 'GET' }),
    }),
  }),
});

export const {
  useUpdateUserMutation,
  useSaveUserPhotoMutation,
  useDashboardResidenceQuery,
  usePayoutDashboardLinkMutation,
} = dashboardApi;
