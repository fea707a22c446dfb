import type { LateFeeWaiverInput } from '@rentwise/libs/schemas/rent-terms.schema';
import { api } from '../../app/api';
import type { components } from '../../app/openapi';
import { tenancyLedgerTag } from './tenancyLedgerApi';

type Schemas = components['schemas'];

/** A landlord waives a late fee (decision 0040): a new ledger line naming the fee, with the reason. */
export const lateFeesApi = api.injectEndpoints({
  endpoints: (build) => ({
    waiveLateFee: build.mutation<Schemas['LateFeeWaiverAnswer']['waiver'], { journalId: string; propertyId: string; tenantId: string } & LateFeeWaiverInput>({
      query: ({ journalId, reason }) => ({ url: `/landlord/late-fees/${encodeURIComponent(journalId)}/waiver`, method: 'POST', body: { reason } }),
      transformResponse: (answer: Schemas['LateFeeWaiverAnswer']) => answer.waiver,
      // Already waived (409) also means the ledger on screen is out of date.
      invalidatesTags: (_waiver, error, { propertyId, tenantId }) =>
        !error || (error as { status?: unknown }).status === 409 ? [tenancyLedgerTag(propertyId, tenantId), { type: 'Payment', id: 'LIST' }] : [],
    }),
  }),
});

export const { useWaiveLateFeeMutation } = lateFeesApi;
