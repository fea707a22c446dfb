import { api } from './api';
import type { components } from './openapi';

/*
 * GET /landlord/properties, declared once here because two features read it: Manage Properties and the
 * tenant form's property picker (features may not import each other). One cache entry, one set of tags,
 * so a property or tenant change refreshes both.
 */

type Schemas = components['schemas'];

/** A property as the landlord's management screens get it. */
export type ManagedProperty = Schemas['ManagedPropertyDto'];

export const PROPERTY_LIST_TAG = { type: 'Property', id: 'LIST' } as const;

export const landlordPropertiesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listProperties: build.query<ManagedProperty[], void>({
      query: () => '/landlord/properties',
      transformResponse: (answer: Schemas['ManagedPropertyListAnswer']) => answer.rows,
      providesTags: (rows = []) => [PROPERTY_LIST_TAG, ...rows.map(({ propertyId }) => ({ type: 'Property' as const, id: propertyId }))],
    }),
  }),
});

export const { useListPropertiesQuery } = landlordPropertiesApi;
