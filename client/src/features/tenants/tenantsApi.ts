import type { TenantFormValues } from '@rentwise/libs/schemas/tenant.schema';
import { api } from '../../app/api';
import type { ManagedProperty } from '../../app/landlordPropertiesApi';
import type { components } from '../../app/openapi';

type Schemas = components['schemas'];

/** A tenant as the landlord's screens get them; `tenantId` is the tenant's user id. */
export type LandlordTenant = Schemas['LandlordTenantDto'];
export type TenantProperty = Schemas['TenantPropertyDto'];

/** What the tenant form's property picker needs of the landlord's properties (GET /landlord/properties). */
export type PropertyChoice = Pick<ManagedProperty, 'propertyId' | 'address'>;


const tenantsOf = (propertyId: string) => ({ type: 'Tenant' as const, id: `LIST-${propertyId}` });
const tenantUrl = (propertyId: string, tenantId: string) =>
  `/landlord/properties/${encodeURIComponent(propertyId)}/tenants/${encodeURIComponent(tenantId)}`;
// Tenant changes move the tenant counts the property lists show.
const propertyCounts = (...propertyIds: string[]) => [
  { type: 'Property' as const, id: 'LIST' },
  ...propertyIds.map((id) => ({ type: 'Property' as const, id })),
];

export const tenantsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listPropertyTenants: build.query<Schemas['PropertyTenantsAnswer'], string>({
      query: (propertyId) => `/landlord/properties/${encodeURIComponent(propertyId)}/tenants`,
      providesTags: (answer, _error, propertyId) => [
        tenantsOf(propertyId),
        ...(answer?.rows ?? []).map(({ tenantId }) => ({ type: 'Tenant' as const, id: tenantId })),
      ],
    }),
    getTenant: build.query<Schemas['LandlordTenantAnswer'], { propertyId: string; tenantId: string }>({
      query: ({ propertyId, tenantId }) => tenantUrl(propertyId, tenantId),
      providesTags: (_answer, _error, { tenantId }) => [{ type: 'Tenant', id: tenantId }],
    }),
    /**
     * The answer names who was asked for, normalised, and no tenant id: it is the same whether or not
     * the email already had an account (then its owner is emailed instead and no tenant appears).
     */
    inviteTenant: build.mutation<Schemas['TenantInvitedAnswer'], { propertyId: string; values: TenantFormValues }>({
      query: ({ propertyId, values }) => ({
        url: `/landlord/properties/${encodeURIComponent(propertyId)}/tenants`,
        method: 'POST',
        body: values,
      }),
      invalidatesTags: (_answer, error, { propertyId }) => (error ? [] : [tenantsOf(propertyId), ...propertyCounts(propertyId)]),
    }),
    updateTenant: build.mutation<Schemas['LandlordTenantAnswer'], { propertyId: string; tenantId: string; values: TenantFormValues }>({
      query: ({ propertyId, tenantId, values }) => ({ url: tenantUrl(propertyId, tenantId), method: 'PATCH', body: values }),
      invalidatesTags: (answer, error, { propertyId, tenantId }) => {
        if (error || !answer) return [];
        const movedTo = answer.property.propertyId;
        return [{ type: 'Tenant', id: tenantId }, tenantsOf(propertyId), tenantsOf(movedTo), ...propertyCounts(propertyId, movedTo)];
      },
    }),
    removeTenant: build.mutation<Schemas['RemovedTenantDto'], { propertyId: string; tenantId: string }>({
      query: ({ propertyId, tenantId }) => ({ url: tenantUrl(propertyId, tenantId), method: 'DELETE' }),
      transformResponse: (answer: Schemas['TenantRemovedAnswer']) => answer.removed,
      invalidatesTags: (_answer, error, { propertyId }) => (error ? [] : [tenantsOf(propertyId), ...propertyCounts(propertyId)]),
    }),
    resendInvitation: build.mutation<void, { propertyId: string; tenantId: string }>({
      query: ({ propertyId, tenantId }) => ({ url: `${tenantUrl(propertyId, tenantId)}/invitation`, method: 'POST' }),
    }),
  }),
});

export const {
  useListPropertyTenantsQuery,
  useGetTenantQuery,
  useInviteTenantMutation,
  useUpdateTenantMutation,
  useRemoveTenantMutation,
  useResendInvitationMutation,
} = tenantsApi;
