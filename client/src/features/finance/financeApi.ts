import type { StartFinanceExportInput } from '@rentwise/libs/schemas/finance-export.schema';
import { api } from '../../app/api';
import type { components } from '../../app/openapi';

type Schemas = components['schemas'];

export type FinanceYear = Schemas['FinanceYearDto'];
/** An export and its progress (GET /api/finance/exports). */
export type FinanceExportView = Schemas['FinanceExportDto'];

const LIST = { type: 'FinanceExport', id: 'LIST' } as const;

export const financeApi = api.injectEndpoints({
  endpoints: (build) => ({
    listFinanceYears: build.query<FinanceYear[], void>({
      query: () => '/finance/years',
      transformResponse: (answer: Schemas['FinanceYearsAnswer']) => answer.years,
    }),
    listFinanceExports: build.query<FinanceExportView[], void>({
      query: () => '/finance/exports',
      transformResponse: (answer: Schemas['FinanceExportListAnswer']) => answer.exports,
      providesTags: (rows = []) => [LIST, ...rows.map(({ exportId }) => ({ type: 'FinanceExport' as const, id: exportId }))],
    }),
    startFinanceExport: build.mutation<FinanceExportView, StartFinanceExportInput>({
      query: (body) => ({ url: '/finance/exports', method: 'POST', body }),
      transformResponse: (answer: Schemas['FinanceExportAnswer']) => answer.export,
      invalidatesTags: (_answer, error) => (error ? [] : [LIST]),
    }),
  }),
});

export const { useListFinanceYearsQuery, useListFinanceExportsQuery, useStartFinanceExportMutation } = financeApi;

/** A plain link, so the browser streams the file to disk. */
export const financeExportDownloadHref = (exportId: string) => `/api/finance/exports/${encodeURIComponent(exportId)}/download`;
