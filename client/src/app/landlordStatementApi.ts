import { api } from './api';
import type { components } from './openapi';

/*
 * GET /landlord/statements/statement, declared once here because two features read it: the statements
 * pages and the dashboard's year at a glance (features may not import each other).
 */

type Schemas = components['schemas'];

/** A monthly or yearly statement: one shape for the screens, the CSV and the PDF. */
export type Statement = Schemas['StatementDto'];
export type StatementRow = Schemas['StatementRowDto'];
export type CalendarRow = Schemas['CalendarRowDto'];
export type StatementPayment = Schemas['StatementPaymentDto'];

export interface StatementRequest {
  year: number;
  /** 1-12 for a monthly statement; omitted for a yearly one. */
  month?: number;
  /** Omitted: all of the landlord's properties. */
  propertyId?: string;
}

export function statementQueryString(request: StatementRequest, format?: 'csv' | 'pdf'): string {
  const query = new URLSearchParams({ year: String(request.year) });
  if (request.month) query.set('month', String(request.month));
  if (request.propertyId) query.set('propertyId', request.propertyId);
  if (format) query.set('format', format);
  return query.toString();
}

export const landlordStatementApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStatement: build.query<Statement, StatementRequest>({
      query: (request) => `/landlord/statements/statement?${statementQueryString(request)}`,
      transformResponse: (answer: Schemas['StatementAnswer']) => answer.statement,
      // The tag every statement read shares: a time zone change invalidates them all.
      providesTags: [{ type: 'Statement', id: 'LIST' }],
    }),
  }),
});

export const { useGetStatementQuery } = landlordStatementApi;
