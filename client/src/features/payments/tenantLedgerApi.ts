import { api } from '../../app/api';
import type { components } from '../../app/openapi';

type Schemas = components['schemas'];

/** A tenant's ledger at their home: lines newest first, each with the balance after it (decision 0039). */
export type TenantLedger = Schemas['TenantLedgerDto'];

export const tenantLedgerApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTenantLedger: build.query<TenantLedger, void>({
      query: () => '/tenant/ledger',
      transformResponse: (answer: Schemas['TenantLedgerAnswer']) => answer.ledger,
      // A payment the server confirmed is a new line: the payments' list tag refreshes it.
      providesTags: [{ type: 'Payment', id: 'LIST' }],
    }),
  }),
});

export const { useGetTenantLedgerQuery } = tenantLedgerApi;
