import { api } from './api';
import type { components } from './openapi';

/*
 * POST /tenant/bank-accounts/link-session, declared once here because two features link bank
 * accounts with Stripe's Financial Connections: the payment screen and autopay (features may not
 * import each other).
 */

type Schemas = components['schemas'];

/**
 * What Stripe.js needs to open Financial Connections (linkWith 'stripe'): the client secret of a
 * SetupIntent on the landlord's connected account for the tenant's Stripe Customer.
 */
export type BankLinkSession = Schemas['BankLinkSessionDto'];

export const bankLinkApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A new SetupIntent for each link; nothing cached changes until the account is paid with or saved.
    createBankLinkSession: build.mutation<BankLinkSession, void>({
      query: () => ({ url: '/tenant/bank-accounts/link-session', method: 'POST' }),
      transformResponse: (answer: Schemas['BankLinkSessionAnswer']) => answer.session,
    }),
  }),
});

export const { useCreateBankLinkSessionMutation } = bankLinkApi;
