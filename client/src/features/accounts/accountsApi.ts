import type { ConfirmEmailInput } from '@rentwise/libs/schemas/confirm-email.schema';
import type { CreatePasswordInput } from '@rentwise/libs/schemas/create-password.schema';
import type { ResetPasswordInput } from '@rentwise/libs/schemas/reset-password.schema';
import type { SignInInput } from '@rentwise/libs/schemas/sign-in.schema';
import { api } from '../../app/api';
import type { components } from '../../app/openapi';
import { storeUserWhenDone, type UserAnswer } from '../../app/session';

type Schemas = components['schemas'];

export const accountsApi = api.injectEndpoints({
  endpoints: (build) => ({
    signIn: build.mutation<UserAnswer, SignInInput>({
      query: (body) => ({ url: '/account/login', method: 'POST', body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => storeUserWhenDone(queryFulfilled, dispatch),
    }),
    sendPasswordReset: build.mutation<Schemas['AccountDone'], { email: string }>({
      query: (body) => ({ url: '/account/send-password-reset', method: 'POST', body }),
    }),
    resetPassword: build.mutation<Schemas['AccountDone'], ResetPasswordInput>({
      query: (body) => ({ url: '/account/reset-password', method: 'POST', body }),
    }),
    checkActivated: build.query<Schemas['ActivationStateAnswer'], { email: string; token: string }>({
      query: (body) => ({ url: '/account/check-activated', method: 'POST', body }),
      keepUnusedDataFor: 0,
    }),
    setPassword: build.mutation<Schemas['AccountDone'], CreatePasswordInput>({
      query: (body) => ({ url: '/account/set-password', method: 'POST', body }),
    }),
    confirmEmail: build.mutation<Schemas['EmailConfirmedAnswer'], ConfirmEmailInput>({
      query: (body) => ({ url: '/account/confirm-email', method: 'POST', body }),
      // A signed-in browser shows the new email at once.
      invalidatesTags: (_answer, error) => (error ? [] : ['User']),
    }),
  }),
});

export const {
  useSignInMutation,
  useSendPasswordResetMutation,
  useResetPasswordMutation,
  useCheckActivatedQuery,
  useSetPasswordMutation,
  useConfirmEmailMutation,
} = accountsApi;
