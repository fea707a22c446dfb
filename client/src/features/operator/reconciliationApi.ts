import { api } from '../../app/api';
import type { components } from '../../app/openapi';

type Schemas = components['schemas'];

export type ReconciliationReport = Omit<Schemas['ReconciliationAnswer'], 'status'>;
export type ReconciliationDifference = Schemas['ReconciliationDifference'];
export type DisputedAfterRefundPayment = Schemas['DisputedAfterRefundPayment'];

export const reconciliationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReconciliation: build.query<ReconciliationReport, void>({
      query: () => '/operator/reconciliation',
      transformResponse: ({ lastRunAt, differences, disputedAfterRefund }: Schemas['ReconciliationAnswer']) => ({
        lastRunAt,
        differences,
        disputedAfterRefund,
      }),
    }),
    // The run is a queued job: the page asks again a little later rather than invalidating at once.
    runReconciliation: build.mutation<Schemas['ReconciliationStarted'], void>({
      query: () => ({ url: '/operator/reconciliation/runs', method: 'POST' }),
    }),
  }),
});

export const { useGetReconciliationQuery, useRunReconciliationMutation } = reconciliationApi;
