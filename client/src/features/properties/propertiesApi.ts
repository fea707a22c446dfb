import type { PropertyFormValues } from '@rentwise/libs/schemas/property.schema';
import type { RentTermsFormValues } from '@rentwise/libs/schemas/rent-terms.schema';
import { api } from '../../app/api';
import { PROPERTY_LIST_TAG, type ManagedProperty } from '../../app/landlordPropertiesApi';
import type { components } from '../../app/openapi';

type PropertyAnswer = components['schemas']['ManagedPropertyAnswer'];
type PropertyDetailAnswer = components['schemas']['ManagedPropertyDetailAnswer'];
/** One property with its rent terms (due day and late fee rule), as its own pages show it. */
export type ManagedPropertyDetail = components['schemas']['ManagedPropertyDetailDto'];

export const propertiesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProperty: build.query<ManagedPropertyDetail, string>({
      query: (propertyId) => `/landlord/properties/${encodeURIComponent(propertyId)}`,
      transformResponse: (answer: PropertyDetailAnswer) => answer.property,
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
    setRentTerms: build.mutation<ManagedPropertyDetail, { propertyId: string; values: RentTermsFormValues }>({
      query: ({ propertyId, values }) => ({
        url: `/landlord/properties/${encodeURIComponent(propertyId)}/rent-terms`,
        method: 'PUT',
        body: values,
      }),
      transformResponse: (answer: PropertyDetailAnswer) => answer.property,
      invalidatesTags: (_property, error, { propertyId }) => (error ? [] : [{ type: 'Property', id: propertyId }]),
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
  useSetRentTermsMutation,
  useRemovePropertyMutation,
} = propertiesApi;
