import type { PropertyFormValues } from '@rentwise/libs/schemas/property.schema';
import { api } from '../../app/api';
import { PROPERTY_LIST_TAG, type ManagedProperty } from '../../app/landlordPropertiesApi';
import type { components } from '../../app/openapi';

type PropertyAnswer = components['schemas']['ManagedPropertyAnswer'];

export const propertiesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProperty: build.query<ManagedProperty, string>({
      query: (propertyId) => `/landlord/properties/${encodeURIComponent(propertyId)}`,
      transformResponse: (answer: PropertyAnswer) => answer.property,
      providesTags: (_property, _error, propertyId) => [{ type: 'Property', id: propertyId }],
    }),
    // The form's values go as typed: the server parses them with the same schema the form used.
    addProperty: build.mutation<ManagedProperty, PropertyFormValues>({
      query: (values) => ({ url: '/landlord/properties', method: 'POST', body: values }),
      transformResponse: (answer: PropertyAnswer) => answer.property,
      invalidatesTags: (_property, error) => (error ? [] : [PROPERTY_LIST_TAG]),
    }),
    updateProperty: build.mutation<ManagedProperty, { propertyId: string; values: PropertyFormValues }>({
      query: ({ propertyId, values }) => ({
        url: `/landlord/properties/${encodeURIComponent(propertyId)}`,
        method: 'PATCH',
        body: values,
      }),
      transformResponse: (answer: PropertyAnswer) => answer.property,
      invalidatesTags: (_property, error, { propertyId }) => (error ? [] : [PROPERTY_LIST_TAG, { type: 'Property', id: propertyId }]),
    }),
    removeProperty: build.mutation<void, string>({
      query: (propertyId) => ({ url: `/landlord/properties/${encodeURIComponent(propertyId)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, propertyId) => (error ? [] : [PROPERTY_LIST_TAG, { type: 'Property', id: propertyId }]),
    }),
  }),
});

export const {
  useGetPropertyQuery,
  useAddPropertyMutation,
  useUpdatePropertyMutation,
  useRemovePropertyMutation,
} = propertiesApi;
