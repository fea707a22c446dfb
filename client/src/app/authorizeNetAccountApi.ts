import type { AuthorizeNetKeysInput } from '@rentwise/libs/schemas/authorize-net-account.schema';
import { api } from './api';
import type { components } from './openapi';

/*
 * A landlord's own Authorize.Net merchant account (issue 38), declared once here because two features
 * show it: the landlord's own page and the operator's landlord page (features may not import each other).
 */

type Schemas = components['schemas'];
type AuthorizeNetAccountAnswer = Schemas['AuthorizeNetAccountAnswer'];

/** The account as the server shows it: the public values only; the transaction and signature keys never come back. */
export type ConnectedAuthorizeNetAccount = Schemas['ConnectedAuthorizeNetAccountDto'];

/**
 * The environment ('offline' is development's stand-in, which hands out sandbox keys of its own), the
 * gateway the landlord's tenants pay cards on today (keys can be saved before a move to Authorize.Net),
 * and the account, if any.
 */
export type AuthorizeNetAccountView = Omit<AuthorizeNetAccountAnswer, 'status'>;

const viewOf = ({ status: _status, ...view }: AuthorizeNetAccountAnswer): AuthorizeNetAccountView => view;

/** Whose account: the signed-in landlord's own, or, on an operator's page, the landlord named. */
export type AuthorizeNetAccountOwner = 'self' | { landlordUserId: string };

const accountUrl = (owner: AuthorizeNetAccountOwner) =>
  owner === 'self'
    ? '/landlord/authorize-net-account'
    : `/operator/landlords/${encodeURIComponent(owner.landlordUserId)}/authorize-net-account`;

const tagOf = (owner: AuthorizeNetAccountOwner) => ({
  type: 'AuthorizeNetAccount' as const,
  id: owner === 'self' ? 'self' : owner.landlordUserId,
});

export const authorizeNetAccountApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAuthorizeNetAccount: build.query<AuthorizeNetAccountView, AuthorizeNetAccountOwner>({
      query: accountUrl,
      transformResponse: viewOf,
      providesTags: (_view, _error, owner) => [tagOf(owner)],
    }),
    // The server checks the keys with Authorize.Net before it saves them; a refusal changes nothing.
    saveAuthorizeNetKeys: build.mutation<AuthorizeNetAccountView, { owner: AuthorizeNetAccountOwner; keys: AuthorizeNetKeysInput }>({
      query: ({ owner, keys }) => ({ url: accountUrl(owner), method: 'PUT', body: keys }),
      transformResponse: viewOf,
      // The operator's landlord page offers Authorize.Net once an account is saved: read it again too.
      invalidatesTags: (_view, error, { owner }) =>
        error ? [] : owner === 'self' ? [tagOf(owner)] : [tagOf(owner), { type: 'OperatorLandlord', id: owner.landlordUserId }],
    }),
    // The offline sandbox only: a new merchant account of its own, whose keys fill the form.
    createSandboxMerchant: build.mutation<Schemas['SandboxMerchantKeys'], void>({
      query: () => ({ url: '/sandbox/authorize-net/merchants', method: 'POST' }),
    }),
  }),
});

export const { useGetAuthorizeNetAccountQuery, useSaveAuthorizeNetKeysMutation, useCreateSandboxMerchantMutation } = authorizeNetAccountApi;
