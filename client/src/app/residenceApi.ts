import { api } from './api';

/*
 * GET /tenant/residence, declared once here because two features read it: the tenant dashboard (the
 * address) and Contact Landlord (the landlord). Features may not import each other.
 */

/**
 * The signed-in tenant's home and landlord. Written by hand: the server's OpenAPI document has no
 * response schema for this endpoint (TenantResidenceController answers its ResidenceView).
 */
export interface Residence {
  propertyId: string;
  propertyAddress: string;
  rentCents: number;
  landlord: { firstName: string; lastName: string; email: string; phone: string; photoUrl: string | null };
}

export const residenceApi = api.injectEndpoints({
  endpoints: (build) => ({
    getResidence: build.query<Residence | null, void>({
      query: () => '/tenant/residence',
      transformResponse: (answer: { residence: Residence | null }) => answer.residence ?? null,
      providesTags: [{ type: 'Tenant', id: 'RESIDENCE' }],
    }),
  }),
});

export const { useGetResidenceQuery } = residenceApi;
