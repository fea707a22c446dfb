import type { PropertyFormValues } from '@rentwise/libs/schemas/property.schema';
import { api } from '../../app/api';

/** A property as the landlord's management screens get it. */
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

const LIST = { type: 'Property', id: 'LIST' } as const;

export const propertiesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listProperties: build.query<ManagedProperty[], void>({
      query: () => '/landlord/properties',
      transformResponse: (answer: { rows: ManagedProperty[] }) => answer.rows,
      providesTags: (rows = []) => [LIST, ...rows.map(({ propertyId }) => ({ type: 'Property' as const, id: propertyId }))],
    }),
    getProperty: build.query<ManagedProperty, string>({
      query: (propertyId) => `/landlord/properties/${encodeURIComponent(propertyId)}`,
      transformResponse: (answer: { property: ManagedProperty }) => answer.property,
      providesTags: (_property, _error, propertyId) => [{ type: 'Property', id: propertyId }],
    }),
    // The form's values go as typed: the server parses them with the same schema the form used.
    addProperty: build.mutation<ManagedProperty, PropertyFormValues>({
      query: (values) => ({ url: '/landlord/properties', method: 'POST', body: values }),
      transformResponse: (answer: { property: ManagedProperty }) => answer.property,
      invalidatesTags: (_property, error) => (error ? [] : [LIST]),
    }),
    updateProperty: build.mutation<ManagedProperty, { propertyId: string; values: PropertyFormValues }>({
      query: ({ propertyId, values }) => ({
        url: `/landlord/properties/${encodeURIComponent(propertyId)}`,
        method: 'PATCH',
        body: values,
      }),
      transformResponse: (answer: { property: ManagedProperty }) => answer.property,
      invalidatesTags: (_property, error, { propertyId }) => (error ? [] : [LIST, { type: 'Property', id: propertyId }]),
    }),
    removeProperty: build.mutation<void, string>({
      query: (propertyId) => ({ url: `/landlord/properties/${encodeURIComponent(propertyId)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, propertyId) => (error ? [] : [LIST, { type: 'Property', id: propertyId }]),
    }),
  }),
});

export const {
  useListPropertiesQuery,
  useGetPropertyQuery,
  useAddPropertyMutation,
  useUpdatePropertyMutation,
  useRemovePropertyMutation,
} = propertiesApi;
