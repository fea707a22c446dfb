import { useCallback, useState } from 'react';
import type { SetupIntent, Stripe } from '@stripe/stripe-js';
import { MESSAGES } from '@rentwise/libs/messages';
import { refusalMessage } from '../app/apiError';
import { useCreateBankLinkSessionMutation } from '../app/bankLinkApi';
import { stripeFor } from '../app/stripeJs';
import type { LinkedBankAccount } from './bankAccount';

/** What linking through Stripe's Financial Connections came to. */
export type StripeBankLinkOutcome =
  /** Verified at once: it can be paid from now. */
  | { kind: 'linked'; account: LinkedBankAccount }
  /** The tenant closed Stripe's modal without choosing an account. */
  | { kind: 'closed' }
  /**
   * Entered by hand: Stripe sends microdeposits (1–2 business days) and the tenant verifies them on
   * Stripe's hosted page. It cannot be debited until then.
   */
  | { kind: 'awaitingMicrodeposits'; verificationUrl: string; bankName: string; last4: string }
  | { kind: 'refused'; message: string };

interface StripeBankLinkOptions {
  publishableKey: string | null;
  connectedAccountId: string | null;
  /** The name on the account's payment method: the signed-in tenant, as the mandate names them. */
  accountHolderName: string;
}

/** The bank's name and last four of the account, from the SetupIntent's payment method when it was expanded. */
function accountOf(setupIntent: SetupIntent): { paymentMethodId: string | null; bankName: string | null; last4: string | null } {
  const method = setupIntent.payment_method;
  if (typeof method === 'string') return { paymentMethodId: method, bankName: null, last4: null };
  return {
    paymentMethodId: method?.id ?? null,
    bankName: method?.us_bank_account?.bank_name ?? null,
    last4: method?.us_bank_account?.last4 ?? null,
  };
}

/**
 * Where a confirmed SetupIntent leaves the account. The collected intent (payment method expanded)
 * names the bank when the confirmed one gives only the payment method's id.
 */
function outcomeOf(confirmed: SetupIntent, collected: SetupIntent): StripeBankLinkOutcome {
  const fromConfirmed = accountOf(confirmed);
  const fromCollected = accountOf(collected);
  const bankName = fromConfirmed.bankName ?? fromCollected.bankName ?? 'Bank account';
  const last4 = fromConfirmed.last4 ?? fromCollected.last4 ?? '';
  const paymentMethodId = fromConfirmed.paymentMethodId ?? fromCollected.paymentMethodId;

  if (confirmed.status === 'succeeded' && paymentMethodId) return { kind: 'linked', account: { paymentMethodId, bankName, last4 } };
  const microdeposits = confirmed.next_action?.type === 'verify_with_microdeposits' ? confirmed.next_action.verify_with_microdeposits : undefined;
  if (confirmed.status === 'requires_action' && microdeposits?.hosted_verification_url) {
    return { kind: 'awaitingMicrodeposits', verificationUrl: microdeposits.hosted_verification_url, bankName, last4 };
  }
  return { kind: 'refused', message: MESSAGES.bankAccountNotLinked };
}

async function linkWith(stripe: Stripe, clientSecret: string, accountHolderName: string): Promise<StripeBankLinkOutcome> {
  const collected = await stripe.collectBankAccountForSetup({
    clientSecret,
    params: { payment_method_type: 'us_bank_account', payment_method_data: { billing_details: { name: accountHolderName } } },
    expand: ['payment_method'],
  });
  if (collected.error) return { kind: 'refused', message: collected.error.message ?? MESSAGES.bankAccountNotLinked };
  const { setupIntent } = collected;
  if (setupIntent.status === 'requires_payment_method') return { kind: 'closed' };
  if (setupIntent.status !== 'requires_confirmation') return outcomeOf(setupIntent, setupIntent);

  const confirmed = await stripe.confirmUsBankAccountSetup(clientSecret);
  if (confirmed.error) return { kind: 'refused', message: confirmed.error.message ?? MESSAGES.bankAccountNotLinked };
  return outcomeOf(confirmed.setupIntent, setupIntent);
}

/**
 * Linking a bank account with Stripe keys: the server makes a SetupIntent with Financial Connections,
 * Stripe's hosted modal collects and verifies the account, and the page gets back its payment method
 * id, bank name and last four. Account and routing numbers go to Stripe only.
 */
export function useStripeBankLink({ publishableKey, connectedAccountId, accountHolderName }: StripeBankLinkOptions) {
  const [createSession] = useCreateBankLinkSessionMutation();
  const [isLinking, setLinking] = useState(false);

  const link = useCallback(async (): Promise<StripeBankLinkOutcome> => {
    if (!publishableKey) return { kind: 'refused', message: MESSAGES.noGatewayResponse };
    setLinking(true);
    // Stripe.js loads while the server makes the session (a failed load resolves to null).
    const stripeLoad = stripeFor(publishableKey, connectedAccountId);
    try {
      let clientSecret: string;
      try {
        ({ clientSecret } = await createSession().unwrap());
      } catch (error) {
        // The landlord can no longer take bank debits (409), or another refusal the tenant can act on.
        return { kind: 'refused', message: refusalMessage(error) ?? MESSAGES.noGatewayResponse };
      }
      const stripe = await stripeLoad;
      if (!stripe) return { kind: 'refused', message: MESSAGES.noGatewayResponse };
      return await linkWith(stripe, clientSecret, accountHolderName);
    } catch {
      return { kind: 'refused', message: MESSAGES.noGatewayResponse };
    } finally {
      setLinking(false);
    }
  }, [publishableKey, connectedAccountId, accountHolderName, createSession]);

  return { link, isLinking };
}
