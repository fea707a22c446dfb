import { api } from '../../app/api';
import type { components } from '../../app/openapi';

type Schemas = components['schemas'];

/** A tenant's autopay as their landlord sees it (GET /landlord/autopay): on or off, and the last automatic payment. */
export type TenantAutopay = Schemas['LandlordAutopayRowDto'];

export const tenantsAutopayApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The landlord's tenants who set up autopay, keyed by user id; one read for every property's page. */
    listTenantsAutopay: build.query<Record<string, TenantAutopay>, void>({
      query: () => '/landlord/autopay',
      transformResponse: (answer: Schemas['LandlordAutopayAnswer']) => Object.fromEntries(answer.tenants.map((tenant) => [tenant.tenantUserId, tenant])),
      providesTags: [{ type: 'Autopay', id: 'LANDLORD' }],
    }),
  }),
});

export const { useListTenantsAutopayQuery } = tenantsAutopayApi;
