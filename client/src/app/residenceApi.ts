import { api } from './api';
import type { components } from './openapi';

/*
 * GET /tenant/residence, declared once here because two features read it: the tenant dashboard (the
 * address) and Contact Landlord (the landlord). Features may not import each other.
 */

type Schemas = components['schemas'];

/** The signed-in tenant's home and landlord. */
export type Residence = Schemas['ResidenceDto'];

export const residenceApi = api.injectEndpoints({
  endpoints: (build) => ({
    getResidence: build.query<Residence | null, void>({
      query: () => '/tenant/residence',
      transformResponse: (answer: Schemas['ResidenceAnswer']) => answer.residence ?? null,
      providesTags: [{ type: 'Tenant', id: 'RESIDENCE' }],
    }),
  }),
});

export const { useGetResidenceQuery } = residenceApi;
