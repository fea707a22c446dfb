import { api } from '../../app/api';
import type { components } from '../../app/openapi';

type Schemas = components['schemas'];

/** A tenant's ledger at one of the landlord's properties: lines newest first, each with the balance after it. */
export type TenancyLedger = Schemas['TenantLedgerDto'];

/** The ledger's cache tag: a write that adds a line to it (a late fee waived) invalidates this. */
export const tenancyLedgerTag = (propertyId: string, tenantId: string) => ({ type: 'Tenant' as const, id: `LEDGER-${propertyId}-${tenantId}` });

export const tenancyLedgerApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTenancyLedger: build.query<TenancyLedger, { propertyId: string; tenantId: string }>({
      query: ({ propertyId, tenantId }) => `/landlord/properties/${encodeURIComponent(propertyId)}/tenants/${encodeURIComponent(tenantId)}/ledger`,
      transformResponse: (answer: Schemas['TenantLedgerAnswer']) => answer.ledger,
      providesTags: (_ledger, _error, { propertyId, tenantId }) => [tenancyLedgerTag(propertyId, tenantId), { type: 'Payment', id: 'LIST' }],
    }),
  }),
});

export const { useGetTenancyLedgerQuery } = tenancyLedgerApi;
