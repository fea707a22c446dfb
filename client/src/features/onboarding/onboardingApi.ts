import type { SignUpInput } from '@rentwise/libs/schemas/sign-up.schema';
import { api } from '../../app/api';

export type PayoutStatus = 'pending' | 'active' | 'restricted';

export const onboardingApi = api.injectEndpoints({
  endpoints: (build) => ({
    registerLandlord: build.mutation<{ status: 'success' }, SignUpInput>({
      query: (application) => ({ url: '/onboarding/registrations', method: 'POST', body: application }),
      invalidatesTags: (_answer, error) => (error ? [] : [{ type: 'Registration', id: 'LIST' }]),
    }),
    // The signed state (and the OAuth code, if any) from the provider's redirect: the server checks both.
    confirmPayoutAccount: build.mutation<{ status: 'success'; payoutStatus: PayoutStatus }, { state: string; code?: string }>({
      query: (body) => ({ url: '/onboarding/payout-account/confirm', method: 'POST', body }),
    }),
    onboardingSettings: build.query<{ supportEmail: string }, void>({
      query: () => '/onboarding/config',
    }),
  }),
});

export const { useRegisterLandlordMutation, useConfirmPayoutAccountMutation, useOnboardingSettingsQuery } = onboardingApi;
