import type { AuthorizeNetPaymentInput } from '@rentwise/libs/schemas/authorize-net-payment.schema';
import type { BankPaymentInput } from '@rentwise/libs/schemas/bank-payment.schema';
import type { PaymentInput } from '@rentwise/libs/schemas/payment.schema';
import type { RefundInput } from '@rentwise/libs/schemas/refund.schema';
import { api } from '../../app/api';
import { statusOf } from '../../app/apiError';
import type { components } from '../../app/openapi';

// The server's OpenAPI document is the contract: `npm run openapi -w client` regenerates these.
type Schemas = components['schemas'];

/** Paying from a bank account (issue 35), offered when the landlord can take bank debits; null otherwise. */
export type BankDebitSetup = Schemas['BankDebitSetupDto'];
/** A bank account the tenant saved: its bank's name and last four digits only. */
export type SavedBankAccount = Schemas['SavedBankAccountDto'];

/** What the payment screen needs before the tenant types an amount (GET /api/tenant/payment-setup). */
export type PaymentSetup = Schemas['PaymentSetupDto'];
/** What the Authorize.Net card form needs from the payment setup (Authorize.Net's Accept.js, or the sandbox's tokenizer). */
export type AuthorizeNetSetup = Schemas['AuthorizeNetSetupDto'];

/**
 * The server's answer to a successful payment: what was confirmed, never what the page guessed. A card
 * is paid at once ('succeeded'); a bank debit is 'processing' until the bank settles it.
 */
export type PaymentConfirmed = Schemas['PaymentDto'];

/** Processing and Failed are bank debits' (failureReason says why the bank refused one). */
export type PaymentHistoryRow = Schemas['PaymentRowDto'];
export type PaymentStatus = PaymentHistoryRow['status'];

/** Tenant view: the charged total and the landlord's contact. Landlord view: what the landlord received. */
export type Receipt = Schemas['ReceiptDto'];
export type ReceiptMode = Receipt['mode'];
/** What the landlord's Refund form needs: what is left, and the fees a refund does not return. */
export type RefundOption = NonNullable<Receipt['refundOption']>;
/** A refund the server sent to the provider (decision 0044). */
export type RefundSent = Schemas['RefundDto'];

const LIST = { type: 'Payment', id: 'LIST' } as const;

export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPaymentSetup: build.query<PaymentSetup, void>({
      query: () => '/tenant/payment-setup',
      transformResponse: (answer: Schemas['PaymentSetupAnswer']) => answer.setup,
      // The sign-in time and the landlord's payout state must be current each time the page opens.
      keepUnusedDataFor: 0,
      providesTags: ['PaymentSetup'],
    }),
    // No optimistic update: the page shows only what the server confirmed, and a failure invalidates nothing.
    payRent: build.mutation<PaymentConfirmed, PaymentInput>({
      query: (body) => ({ url: '/tenant/payments', method: 'POST', body }),
      transformResponse: (answer: Schemas['PaymentAnswer']) => answer.payment,
      invalidatesTags: (_payment, error) => (error ? [] : [LIST]),
    }),
    // Authorize.Net: the nonce from its tokenizer, never the card.
    payRentAuthorizeNet: build.mutation<PaymentConfirmed, AuthorizeNetPaymentInput>({
      query: (body) => ({ url: '/tenant/payments/direct', method: 'POST', body }),
      transformResponse: (answer: Schemas['PaymentAnswer']) => answer.payment,
      invalidatesTags: (_payment, error) => (error ? [] : [LIST]),
    }),
    // A bank debit: the provider's payment method id or a saved account's id, never account numbers.
    // A saved account appears in the setup, so a paid one refreshes it too.
    payRentFromBank: build.mutation<PaymentConfirmed, BankPaymentInput>({
      query: (body) => ({ url: '/tenant/payments/bank', method: 'POST', body }),
      transformResponse: (answer: Schemas['PaymentAnswer']) => answer.payment,
      invalidatesTags: (_payment, error) => (error ? [] : [LIST, 'PaymentSetup']),
    }),
    removeSavedBankAccount: build.mutation<void, string>({
      query: (id) => ({ url: `/tenant/bank-accounts/${encodeURIComponent(id)}`, method: 'DELETE' }),
      // A 404 says the account is already gone, which the setup should show too.
      invalidatesTags: (_result, error) => (error && statusOf(error) !== 404 ? [] : ['PaymentSetup']),
    }),
    listPayments: build.query<PaymentHistoryRow[], void>({
      query: () => '/tenant/payments',
      transformResponse: (answer: Schemas['PaymentListAnswer']) => answer.rows,
      providesTags: (rows = []) => [LIST, ...rows.map(({ receiptId }) => ({ type: 'Payment' as const, id: receiptId }))],
    }),
    getReceipt: build.query<Receipt, { mode: ReceiptMode; receiptId: string }>({
      query: ({ mode, receiptId }) => `/${mode}/payments/${encodeURIComponent(receiptId)}`,
      transformResponse: (answer: Schemas['ReceiptAnswer']) => answer.receipt,
      providesTags: (_receipt, _error, { receiptId }) => [{ type: 'Payment', id: receiptId }],
    }),
    // The landlord's refund: the receipt, the histories and the statements read it once it is sent.
    refundPayment: build.mutation<RefundSent, RefundInput & { receiptId: string }>({
      query: ({ receiptId, ...body }) => ({ url: `/landlord/payments/${encodeURIComponent(receiptId)}/refunds`, method: 'POST', body }),
      transformResponse: (answer: Schemas['RefundAnswer']) => answer.refund,
      invalidatesTags: (_refund, error, { receiptId }) => (error ? [] : [{ type: 'Payment', id: receiptId }, LIST, 'Statement']),
    }),
  }),
});

export const {
  useGetPaymentSetupQuery,
  usePayRentMutation,
  usePayRentAuthorizeNetMutation,
  usePayRentFromBankMutation,
  useRemoveSavedBankAccountMutation,
  useListPaymentsQuery,
  useGetReceiptQuery,
  useRefundPaymentMutation,
} = paymentsApi;
