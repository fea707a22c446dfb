import type { SignUpInput } from '@rentwise/libs/schemas/sign-up.schema';
import { api } from '../../app/api';
import type { components } from '../../app/openapi';

type Schemas = components['schemas'];

export type PayoutStatus = Schemas['PayoutAccountConfirmed']['payoutStatus'];

export const onboardingApi = api.injectEndpoints({
  endpoints: (build) => ({
    registerLandlord: build.mutation<Schemas['RegistrationDone'], SignUpInput>({
      query: (application) => ({ url: '/onboarding/registrations', method: 'POST', body: application }),
      invalidatesTags: (_answer, error) => (error ? [] : [{ type: 'Registration', id: 'LIST' }]),
    }),
    // The signed state (and the OAuth code, if any) from the provider's redirect: the server checks both.
    confirmPayoutAccount: build.mutation<Schemas['PayoutAccountConfirmed'], { state: string; code?: string }>({
      query: (body) => ({ url: '/onboarding/payout-account/confirm', method: 'POST', body }),
    }),
    onboardingSettings: build.query<Schemas['OnboardingSettings'], void>({
      query: () => '/onboarding/config',
    }),
  }),
});

export const { useRegisterLandlordMutation, useConfirmPayoutAccountMutation, useOnboardingSettingsQuery } = onboardingApi;
