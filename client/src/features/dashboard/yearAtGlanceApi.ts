import type { Statement } from '@rentwise/libs/statement-views';
import { api } from '../../app/api';

/** This year's statement for all properties (the statements endpoint), for the dashboard chart. */
export const yearAtGlanceApi = api.injectEndpoints({
  endpoints: (build) => ({
    getYearAtGlance: build.query<Statement, number>({
      query: (year) => `/landlord/statements/statement?year=${year}`,
      transformResponse: (answer: { statement: Statement }) => answer.statement,
      providesTags: [{ type: 'Statement', id: 'LIST' }],
    }),
  }),
});

export const { useGetYearAtGlanceQuery } = yearAtGlanceApi;
