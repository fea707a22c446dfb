import type { AutopaySettingsInput, AutopaySkipInput } from '@rentwise/libs/schemas/autopay.schema';
import type { SaveBankAccountInput } from '@rentwise/libs/schemas/bank-payment.schema';
import type { SaveCardInput } from '@rentwise/libs/schemas/saved-card.schema';
import { api } from '../../app/api';
import type { components } from '../../app/openapi';
import { tenantAutopayApi, type AutopayAnswer, type AutopayView } from '../../app/tenantAutopayApi';

/** What a change of autopay answers: the server's message for the toast, and the view as it now stands. */
export interface AutopayChanged {
  message: string;
  autopay: AutopayView;
}

/** A bank account the tenant saved: its bank's name and last four digits only. */
export type SavedBankAccount = components['schemas']['SavedBankAccountDto'];
/** A card the tenant saved for autopay: its brand, last four digits and expiry only. */
export type SavedCard = components['schemas']['SavedCardDto'];
/** How to save a card: Stripe.js confirms this SetupIntent, or the sandbox's card form makes the payment method. */
export type CardSetup = components['schemas']['CardSetupAnswer']['setup'];

const changed = (answer: AutopayAnswer): AutopayChanged => ({ message: answer.message ?? '', autopay: answer.autopay });

interface ChangeLifecycle {
  dispatch: (action: ReturnType<typeof tenantAutopayApi.util.upsertQueryData>) => unknown;
  queryFulfilled: Promise<{ data: AutopayChanged }>;
}

/**
 * Each answer carries the whole view, which replaces the one the page, the dashboard and the payment
 * screen read, once the server has answered; a refusal changes nothing.
 */
async function showWhatTheServerSaved(_argument: unknown, { dispatch, queryFulfilled }: ChangeLifecycle) {
  const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
  if (data) dispatch(tenantAutopayApi.util.upsertQueryData('getTenantAutopay', undefined, data.autopay));
}

/** Turning autopay on, changing it, skipping a month, turning it off, and saving what it pays from (issue 37). */
export const autopayApi = api.injectEndpoints({
  endpoints: (build) => ({
    setAutopay: build.mutation<AutopayChanged, AutopaySettingsInput>({
      query: (body) => ({ url: '/tenant/autopay', method: 'PUT', body }),
      transformResponse: changed,
      onQueryStarted: showWhatTheServerSaved,
    }),
    turnOffAutopay: build.mutation<AutopayChanged, void>({
      query: () => ({ url: '/tenant/autopay', method: 'DELETE' }),
      transformResponse: changed,
      onQueryStarted: showWhatTheServerSaved,
    }),
    /** The next automatic payment's month ('2027-01'); `skip` false puts it back. */
    skipAutopayMonth: build.mutation<AutopayChanged, AutopaySkipInput>({
      query: (body) => ({ url: '/tenant/autopay/skip', method: 'PUT', body }),
      transformResponse: changed,
      onQueryStarted: showWhatTheServerSaved,
    }),
    /**
     * Saves an account just linked on the page (POST /tenant/bank-accounts), without paying. Once the
     * server has saved it, the autopay view offers it; the payment screen reads its accounts again.
     */
    saveBankAccount: build.mutation<SavedBankAccount, SaveBankAccountInput>({
      query: (body) => ({ url: '/tenant/bank-accounts', method: 'POST', body }),
      transformResponse: (answer: components['schemas']['SavedBankAccountAnswer']) => answer.bankAccount,
      invalidatesTags: (_account, error) => (error ? [] : ['PaymentSetup']),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data: account } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!account) return;
        dispatch(
          tenantAutopayApi.util.updateQueryData('getTenantAutopay', undefined, (view) => {
            if (!view.savedBankAccounts.some((saved) => saved.id === account.id)) view.savedBankAccounts.push(account);
          }),
        );
      },
    }),
    /** Starts saving a card (POST /tenant/cards/setup): a SetupIntent for payments without the tenant, or the sandbox's form. */
    startCardSetup: build.mutation<CardSetup, void>({
      query: () => ({ url: '/tenant/cards/setup', method: 'POST' }),
      transformResponse: (answer: components['schemas']['CardSetupAnswer']) => answer.setup,
    }),
    /**
     * Saves the card the setup left (POST /tenant/cards), read back by the server from the provider.
     * Once saved, the autopay view offers it first, as the server lists them (newest first).
     */
    saveCard: build.mutation<SavedCard, SaveCardInput>({
      query: (body) => ({ url: '/tenant/cards', method: 'POST', body }),
      transformResponse: (answer: components['schemas']['SavedCardAnswer']) => answer.card,
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data: card } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!card) return;
        dispatch(
          tenantAutopayApi.util.updateQueryData('getTenantAutopay', undefined, (view) => {
            if (!view.savedCards.some((saved) => saved.id === card.id)) view.savedCards.unshift(card);
          }),
        );
      },
    }),
    /** Removes a saved card; the server refuses (409) while autopay pays with it. */
    removeCard: build.mutation<void, string>({
      query: (savedCardId) => ({ url: `/tenant/cards/${encodeURIComponent(savedCardId)}`, method: 'DELETE' }),
      async onQueryStarted(savedCardId, { dispatch, queryFulfilled }) {
        const removed = await queryFulfilled.then(
          () => true,
          () => false,
        );
        if (!removed) return;
        dispatch(
          tenantAutopayApi.util.updateQueryData('getTenantAutopay', undefined, (view) => {
            view.savedCards = view.savedCards.filter((saved) => saved.id !== savedCardId);
          }),
        );
      },
    }),
  }),
});

export const {
  useSetAutopayMutation,
  useTurnOffAutopayMutation,
  useSkipAutopayMonthMutation,
  useSaveBankAccountMutation,
  useStartCardSetupMutation,
  useSaveCardMutation,
  useRemoveCardMutation,
} = autopayApi;
