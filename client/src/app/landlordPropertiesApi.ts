import { api } from './api';

/*
 * GET /landlord/properties, declared once here because two features read it: Manage Properties and the
 * tenant form's property picker (features may not import each other). One cache entry, one set of tags,
 * so a property or tenant change refreshes both.
 */

/**
 * A property as the landlord's management screens get it. Written by hand: the server's OpenAPI
 * document has no response schema for the properties endpoints (they answer ManagedPropertyView).
 */
export interface ManagedProperty {
  propertyId: string;
  address: string;
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  zip: string;
  rentCents: number;
  tenantCount: number;
}

export const PROPERTY_LIST_TAG = { type: 'Property', id: 'LIST' } as const;

export const landlordPropertiesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listProperties: build.query<ManagedProperty[], void>({
      query: () => '/landlord/properties',
      transformResponse: (answer: { rows: ManagedProperty[] }) => answer.rows,
      providesTags: (rows = []) => [PROPERTY_LIST_TAG, ...rows.map(({ propertyId }) => ({ type: 'Property' as const, id: propertyId }))],
    }),
  }),
});

export const { useListPropertiesQuery } = landlordPropertiesApi;
