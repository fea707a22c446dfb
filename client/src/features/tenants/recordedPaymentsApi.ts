import type { RecordedPaymentFormValues, RecordedPaymentVoidInput } from '@rentwise/libs/schemas/recorded-payment.schema';
import { api } from '../../app/api';
import type { components } from '../../app/openapi';
import { tenancyLedgerTag } from './tenancyLedgerApi';

type Schemas = components['schemas'];

/** What a recorded payment or its void changes on screen: the ledger, the tenant's payments, the statements. */
const changedBy = (propertyId: string, tenantId: string, receiptId?: string) => [
  tenancyLedgerTag(propertyId, tenantId),
  { type: 'Payment' as const, id: 'LIST' },
  ...(receiptId ? [{ type: 'Payment' as const, id: receiptId }] : []),
  { type: 'Statement' as const, id: 'LIST' },
];

/**
 * Rent a tenant paid the landlord outside Rentwise (decision 0043): recorded as typed (the server
 * parses it with the same schema), voided with a reason. No optimistic update: the ledger shows what
 * the server took.
 */
export const recordedPaymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    recordPayment: build.mutation<Schemas['RecordedPaymentAnswer']['payment'], RecordedPaymentFormValues>({
      query: (payment) => ({ url: '/landlord/recorded-payments', method: 'POST', body: payment }),
      transformResponse: (answer: Schemas['RecordedPaymentAnswer']) => answer.payment,
      invalidatesTags: (_payment, error, { propertyId, tenantUserId }) => (error ? [] : changedBy(propertyId, tenantUserId)),
    }),
    voidRecordedPayment: build.mutation<
      Schemas['RecordedPaymentVoidAnswer']['void'],
      { receiptId: string; propertyId: string; tenantId: string } & RecordedPaymentVoidInput
    >({
      query: ({ receiptId, reason }) => ({ url: `/landlord/recorded-payments/${encodeURIComponent(receiptId)}/void`, method: 'POST', body: { reason } }),
      transformResponse: (answer: Schemas['RecordedPaymentVoidAnswer']) => answer.void,
      // Already voided (409) also means the ledger on screen is out of date.
      invalidatesTags: (_void, error, { receiptId, propertyId, tenantId }) =>
        !error || (error as { status?: unknown }).status === 409 ? changedBy(propertyId, tenantId, receiptId) : [],
    }),
  }),
});

export const { useRecordPaymentMutation, useVoidRecordedPaymentMutation } = recordedPaymentsApi;
