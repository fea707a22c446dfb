import { api } from '../../app/api';
import { statementQueryString, type StatementRequest } from '../../app/landlordStatementApi';
import type { components } from '../../app/openapi';

type Schemas = components['schemas'];

export type StatementPropertyChoice = Schemas['StatementPropertyChoiceDto'];
export type MonthlyOverview = Schemas['MonthlyOverviewDto'];
export type StatementSettings = Schemas['StatementSettingsDto'];

/** The file download: a plain link, so the browser streams it and keeps the server's file name. */
export function statementDownloadHref(request: StatementRequest, format: 'csv' | 'pdf'): string {
  return `/api/landlord/statements/statement/download?${statementQueryString(request, format)}`;
}

const STATEMENTS = { type: 'Statement', id: 'LIST' } as const;

export const statementsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listStatementProperties: build.query<StatementPropertyChoice[], void>({
      query: () => '/landlord/statements/properties',
      transformResponse: (answer: Schemas['StatementPropertiesAnswer']) => answer.rows,
      providesTags: [STATEMENTS],
    }),
    getMonthlyOverview: build.query<MonthlyOverview, string>({
      query: (propertyId) => `/landlord/statements/properties/${encodeURIComponent(propertyId)}/months`,
      transformResponse: (answer: Schemas['MonthlyOverviewAnswer']) => answer.overview,
      providesTags: [STATEMENTS],
    }),
    getStatementSettings: build.query<StatementSettings, void>({
      query: () => '/landlord/statements/settings',
      transformResponse: (answer: Schemas['StatementSettingsAnswer']) => answer.settings,
      providesTags: [{ type: 'Statement', id: 'SETTINGS' }],
    }),
    changeStatementTimeZone: build.mutation<StatementSettings, { timeZone: string }>({
      query: (body) => ({ url: '/landlord/statements/settings', method: 'PUT', body }),
      transformResponse: (answer: Schemas['StatementSettingsAnswer']) => answer.settings,
      // Past payments are regrouped into the new zone's months, so every statement changes.
      invalidatesTags: (_settings, error) => (error ? [] : [STATEMENTS, { type: 'Statement', id: 'SETTINGS' }]),
    }),
  }),
});

export const {
  useListStatementPropertiesQuery,
  useGetMonthlyOverviewQuery,
  useGetStatementSettingsQuery,
  useChangeStatementTimeZoneMutation,
} = statementsApi;
