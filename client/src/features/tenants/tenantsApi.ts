import type { TenantFormValues } from '@rentwise/libs/schemas/tenant.schema';
import { api } from '../../app/api';
import type { ManagedProperty } from '../../app/landlordPropertiesApi';

/** A tenant as the landlord's screens get them; `tenantId` is the tenant's user id. */
export interface LandlordTenant {
  tenantId: string;
  propertyId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** False until they created a password and signed in. */
  hasSignedIn: boolean;
  startedAt: string;
}

export interface TenantProperty {
  propertyId: string;
  address: string;
  rentCents: number;
}

/** What the tenant form's property picker needs of the landlord's properties (GET /landlord/properties). */
export type PropertyChoice = Pick<ManagedProperty, 'propertyId' | 'address'>;

interface TenantAnswer {
  property: TenantProperty;
  tenant: LandlordTenant;
}

/**
 * The add-tenant answer: who was asked for, normalised. The same whether or not the email already
 * had an account (then its owner is emailed instead and no tenant appears), so it names no tenant id.
 */
interface InviteAnswer {
  invited: { firstName: string; lastName: string; email: string };
}

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
    listPropertyTenants: build.query<{ property: TenantProperty; rows: LandlordTenant[] }, string>({
      query: (propertyId) => `/landlord/properties/${encodeURIComponent(propertyId)}/tenants`,
      providesTags: (answer, _error, propertyId) => [
        tenantsOf(propertyId),
        ...(answer?.rows ?? []).map(({ tenantId }) => ({ type: 'Tenant' as const, id: tenantId })),
      ],
    }),
    getTenant: build.query<TenantAnswer, { propertyId: string; tenantId: string }>({
      query: ({ propertyId, tenantId }) => tenantUrl(propertyId, tenantId),
      providesTags: (_answer, _error, { tenantId }) => [{ type: 'Tenant', id: tenantId }],
    }),
    inviteTenant: build.mutation<InviteAnswer, { propertyId: string; values: TenantFormValues }>({
      query: ({ propertyId, values }) => ({
        url: `/landlord/properties/${encodeURIComponent(propertyId)}/tenants`,
        method: 'POST',
        body: values,
      }),
      invalidatesTags: (_answer, error, { propertyId }) => (error ? [] : [tenantsOf(propertyId), ...propertyCounts(propertyId)]),
    }),
    updateTenant: build.mutation<TenantAnswer, { propertyId: string; tenantId: string; values: TenantFormValues }>({
      query: ({ propertyId, tenantId, values }) => ({ url: tenantUrl(propertyId, tenantId), method: 'PATCH', body: values }),
      invalidatesTags: (answer, error, { propertyId, tenantId }) => {
        if (error || !answer) return [];
        const movedTo = answer.property.propertyId;
        return [{ type: 'Tenant', id: tenantId }, tenantsOf(propertyId), tenantsOf(movedTo), ...propertyCounts(propertyId, movedTo)];
      },
    }),
    removeTenant: build.mutation<{ name: string }, { propertyId: string; tenantId: string }>({
      query: ({ propertyId, tenantId }) => ({ url: tenantUrl(propertyId, tenantId), method: 'DELETE' }),
      transformResponse: (answer: { removed: { name: string } }) => answer.removed,
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
