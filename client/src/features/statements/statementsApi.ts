import type {
  MonthlyOverview,
  StatementPropertyChoice,
  StatementSettings,
} from '@rentwise/libs/statement-views';
import { api } from '../../app/api';
import { statementQueryString, type StatementRequest } from '../../app/landlordStatementApi';

/** The file download: a plain link, so the browser streams it and keeps the server's file name. */
export function statementDownloadHref(request: StatementRequest, format: 'csv' | 'pdf'): string {
  return `/api/landlord/statements/statement/download?${statementQueryString(request, format)}`;
}

const STATEMENTS = { type: 'Statement', id: 'LIST' } as const;

export const statementsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listStatementProperties: build.query<StatementPropertyChoice[], void>({
      query: () => '/landlord/statements/properties',
      transformResponse: (answer: { rows: StatementPropertyChoice[] }) => answer.rows,
      providesTags: [STATEMENTS],
    }),
    getMonthlyOverview: build.query<MonthlyOverview, string>({
      query: (propertyId) => `/landlord/statements/properties/${encodeURIComponent(propertyId)}/months`,
      transformResponse: (answer: { overview: MonthlyOverview }) => answer.overview,
      providesTags: [STATEMENTS],
    }),
    getStatementSettings: build.query<StatementSettings, void>({
      query: () => '/landlord/statements/settings',
      transformResponse: (answer: { settings: StatementSettings }) => answer.settings,
      providesTags: [{ type: 'Statement', id: 'SETTINGS' }],
    }),
    changeStatementTimeZone: build.mutation<StatementSettings, { timeZone: string }>({
      query: (body) => ({ url: '/landlord/statements/settings', method: 'PUT', body }),
      transformResponse: (answer: { settings: StatementSettings }) => answer.settings,
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
