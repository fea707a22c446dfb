import type { PaymentInput } from '@rentwise/libs/schemas/payment.schema';
import { api } from '../../app/api';

/** What the payment screen needs before the tenant types an amount (GET /api/tenant/payment-setup). */
export interface PaymentSetup {
  rentCents: number;
  processingFeeCents: number;
  gateway: 'sandbox' | 'stripe';
  publishableKey: string | null;
  connectedAccountId: string | null;
  canPay: boolean;
  /** Why the landlord cannot be paid yet; shown instead of the pay action. */
  cannotPayReason: string | null;
  /** When this session signed in (ISO): confirming needs it to be less than 30 minutes old. */
  signedInAt: string;
}

/** The server's answer to a successful charge: what was confirmed, never what the page guessed. */
export interface PaymentConfirmed {
  receiptId: string;
  chargedCents: number;
  amountCents: number;
  processingFeeCents: number;
  paidAt: string;
}

export type PaymentStatus = 'succeeded' | 'refunded' | 'disputed';

export interface PaymentHistoryRow {
  receiptId: string;
  paidAt: string;
  chargedCents: number;
  description: string;
  status: PaymentStatus;
}

export type ReceiptMode = 'tenant' | 'landlord';

export interface Receipt {
  receiptId: string;
  mode: ReceiptMode;
  /** In words for the reader: 'Paid' or 'Refunded'. */
  status: string;
  /** Tenant view: what the card was charged. Landlord view: what the landlord received after the dated fee. */
  amountCents: number;
  paidAt: string;
  paidBy: string;
  paidTo: string;
  paymentMethod: string;
  transactionId: string;
  propertyAddress: string;
  description: string;
  landlordContact: { name: string; email: string; phone: string } | null;
}

const LIST = { type: 'Payment', id: 'LIST' } as const;

export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPaymentSetup: build.query<PaymentSetup, void>({
      query: () => '/tenant/payment-setup',
      transformResponse: (answer: { setup: PaymentSetup }) => answer.setup,
      // The sign-in time and the landlord's payout state must be current each time the page opens.
      keepUnusedDataFor: 0,
    }),
    // No optimistic update: the page shows only what the server confirmed, and a failure invalidates nothing.
    payRent: build.mutation<PaymentConfirmed, PaymentInput>({
      query: (body) => ({ url: '/tenant/payments', method: 'POST', body }),
      transformResponse: (answer: { payment: PaymentConfirmed }) => answer.payment,
      invalidatesTags: (_payment, error) => (error ? [] : [LIST]),
    }),
    listPayments: build.query<PaymentHistoryRow[], void>({
      query: () => '/tenant/payments',
      transformResponse: (answer: { rows: PaymentHistoryRow[] }) => answer.rows,
      providesTags: (rows = []) => [LIST, ...rows.map(({ receiptId }) => ({ type: 'Payment' as const, id: receiptId }))],
    }),
    getReceipt: build.query<Receipt, { mode: ReceiptMode; receiptId: string }>({
      query: ({ mode, receiptId }) => `/${mode}/payments/${encodeURIComponent(receiptId)}`,
      transformResponse: (answer: { receipt: Receipt }) => answer.receipt,
      providesTags: (_receipt, _error, { receiptId }) => [{ type: 'Payment', id: receiptId }],
    }),
  }),
});

export const { useGetPaymentSetupQuery, usePayRentMutation, useListPaymentsQuery, useGetReceiptQuery } = paymentsApi;
