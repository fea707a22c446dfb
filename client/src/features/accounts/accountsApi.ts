import type { CreatePasswordInput } from '@rentwise/libs/schemas/create-password.schema';
import type { ProfileInput } from '@rentwise/libs/schemas/profile.schema';
import type { ResetPasswordInput } from '@rentwise/libs/schemas/reset-password.schema';
import type { SignInInput } from '@rentwise/libs/schemas/sign-in.schema';
import { api } from '../../app/api';
import { storeSessionUser, type SessionUser } from '../../app/session';

interface UserAnswer {
  status: 'success';
  user: SessionUser;
}

/** What the tenant dashboard shows of where the tenant lives (GET /api/tenant/residence, Tenants module). */
export interface DashboardResidence {
  propertyAddress: string;
}

/** Puts the answer's user into the session cache once the server confirms a change. */
async function storeUserWhenDone(
  queryFulfilled: Promise<{ data: UserAnswer }>,
  dispatch: (action: ReturnType<typeof storeSessionUser>) => unknown,
) {
  try {
    const { data } = await queryFulfilled;
    dispatch(storeSessionUser(data.user));
  } catch {
    // A failed write changes nothing: the page shows why.
  }
}

export const accountsApi = api.injectEndpoints({
  endpoints: (build) => ({
    signIn: build.mutation<UserAnswer, SignInInput>({
      query: (body) => ({ url: '/account/login', method: 'POST', body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => storeUserWhenDone(queryFulfilled, dispatch),
    }),
    sendPasswordReset: build.mutation<{ status: 'success' }, { email: string }>({
      query: (body) => ({ url: '/account/send-password-reset', method: 'POST', body }),
    }),
    resetPassword: build.mutation<{ status: 'success' }, ResetPasswordInput>({
      query: (body) => ({ url: '/account/reset-password', method: 'POST', body }),
    }),
    checkActivated: build.query<{ activated: boolean; linkValid: boolean }, { email: string; token: string }>({
      query: (body) => ({ url: '/account/check-activated', method: 'POST', body }),
      keepUnusedDataFor: 0,
    }),
    setPassword: build.mutation<{ status: 'success' }, CreatePasswordInput>({
      query: (body) => ({ url: '/account/set-password', method: 'POST', body }),
    }),
    updateUser: build.mutation<UserAnswer, ProfileInput>({
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
  useSignInMutation,
  useSendPasswordResetMutation,
  useResetPasswordMutation,
  useCheckActivatedQuery,
  useSetPasswordMutation,
  useUpdateUserMutation,
  useSaveUserPhotoMutation,
  useDashboardResidenceQuery,
  usePayoutDashboardLinkMutation,
} = accountsApi;
