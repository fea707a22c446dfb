import { useCallback, useEffect, useRef, useState } from 'react';
import { MESSAGES } from '@rentwise/libs/messages';
import { isSignInFresh } from '@rentwise/libs/payment-rules';
import { api } from '../../app/api';
import { statusOf } from '../../app/apiError';
import { useAppDispatch } from '../../app/hooks';
import { useSignOut } from '../../app/session';
import type { ChosenBankAccount } from './bankAccount';
import type { AcceptedCard } from '../../components/cardEntry';
import { usePayRentAuthorizeNetMutation, usePayRentFromBankMutation, usePayRentMutation, type PaymentConfirmed } from './paymentsApi';
import { showPaymentToast } from './paymentToast';

/** Spec section 9: after 'You need to log in again.' the tenant is signed out this much later. */
export const STALE_SIGN_IN_LOGOUT_DELAY_MS = 1750;

export type ConfirmOutcome =
  | { kind: 'paid'; confirmed: PaymentConfirmed }
  | { kind: 'cardRefused' }
  /** The bank account cannot be debited (blocked after a return, or refused): choose another. */
  | { kind: 'bankAccountRefused' }
  | { kind: 'failed' }
  | { kind: 'signingOut' }
  /** A payment for this home was made minutes ago: the server's question, to ask before sending again with the tenant's yes. */
  | { kind: 'repeatToConfirm'; question: string };

/** The server's code for 'You paid ... for this home 3 minutes ago. Pay again?' (issue 32). */
const CONFIRM_REPEAT = 'confirm-repeat';

/** How the tenant pays: a card the provider accepted, or a bank account with the authorization they accepted. */
export type PaymentMethodChoice =
  | { kind: 'card'; card: AcceptedCard }
  | { kind: 'bank'; bankAccount: ChosenBankAccount; mandateVersion: string };

interface Attempt {
  amountCents: number;
  /** The card, or the account and whether to save it: what the server stores under the key. */
  method: string;
  idempotencyKey: string;
}

function attemptMethodOf(choice: PaymentMethodChoice): string {
  if (choice.kind === 'card') return `card:${choice.card.paymentMethodId}`;
  const account = choice.bankAccount;
  return account.kind === 'saved' ? `saved:${account.savedAccountId}` : `bank:${account.paymentMethodId}:${account.saveForLater}`;
}

function errorCode(error: unknown): string | undefined {
  const code = ((error as { data?: unknown }).data as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

const AUTHORIZE_NET_BRANDS = ['visa', 'mastercard', 'amex', 'discover'] as const;
const authorizeNetBrandOf = (brand: string) => AUTHORIZE_NET_BRANDS.find((known) => known === brand) ?? 'unknown';

/** The server's own words for a failed payment (4xx or 5xx), when it sent any. */
function serverMessage(error: unknown): string | undefined {
  const message = ((error as { data?: unknown }).data as { error?: unknown } | undefined)?.error;
  return typeof message === 'string' ? message : undefined;
}

/**
 * Confirming a payment: the 30-minute sign-in rule, one request at a time, and one idempotency key
 * per attempt. The key is kept while the amount and card (or bank account) stay the same, so a retry
 * after a lost answer cannot charge twice; a new amount, card or account (or 'All done!') starts a new attempt.
 */
export function useConfirmPayment(signedInAt: string) {
  const [payRent] = usePayRentMutation();
  const [payRentAuthorizeNet] = usePayRentAuthorizeNetMutation();
  const [payRentFromBank] = usePayRentFromBankMutation();
  const dispatch = useAppDispatch();
  const signOut = useSignOut();
  // The ref blocks a second click that arrives before React re-renders the disabled button.
  const inFlight = useRef(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const attempt = useRef<Attempt | null>(null);
  const logoutTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(logoutTimer.current), []);

  const signOutLater = useCallback((): ConfirmOutcome => {
    showPaymentToast(MESSAGES.staleLogin, 'error');
    clearTimeout(logoutTimer.current);
    logoutTimer.current = setTimeout(() => void signOut(), STALE_SIGN_IN_LOGOUT_DELAY_MS);
    return { kind: 'signingOut' };
  }, [signOut]);

  const keyFor = (amountCents: number, method: string): string => {
    const current = attempt.current;
    if (current && current.amountCents === amountCents && current.method === method) {
      return current.idempotencyKey;
    }
    const idempotencyKey = crypto.randomUUID();
    attempt.current = { amountCents, method, idempotencyKey };
    return idempotencyKey;
  };

  const send = (amountCents: number, choice: PaymentMethodChoice, idempotencyKey: string, confirmRepeat: boolean) => {
    const yes = confirmRepeat ? { confirmRepeat: true } : {};
    if (choice.kind === 'bank') {
      const account = choice.bankAccount;
      return payRentFromBank({
        amountCents,
        bankAccount:
          account.kind === 'saved'
            ? { savedAccountId: account.savedAccountId }
            : { paymentMethodId: account.paymentMethodId, saveForLater: account.saveForLater },
        mandate: { accepted: true, version: choice.mandateVersion },
        idempotencyKey,
        ...yes,
      }).unwrap();
    }
    const { card } = choice;
    return card.nonceDescriptor
      ? payRentAuthorizeNet({
          amountCents,
          paymentNonce: { dataDescriptor: card.nonceDescriptor, dataValue: card.paymentMethodId },
          card: { brand: authorizeNetBrandOf(card.brand), last4: card.last4 },
          idempotencyKey,
          ...yes,
        }).unwrap()
      : payRent({ amountCents, paymentMethodId: card.paymentMethodId, idempotencyKey, ...yes }).unwrap();
  };

  /** `confirmRepeat`: the tenant said yes to paying again within 10 minutes of another payment for the home. */
  const confirm = async (amountCents: number, choice: PaymentMethodChoice, confirmRepeat = false): Promise<ConfirmOutcome | undefined> => {
    if (inFlight.current) return undefined;
    if (!isSignInFresh(new Date(signedInAt), new Date())) return signOutLater();

    inFlight.current = true;
    setSubmitting(true);
    try {
      // Asked and answered: the same key goes again (nothing was stored under it), now with the tenant's yes.
      const idempotencyKey = keyFor(amountCents, attemptMethodOf(choice));
      const confirmed = await send(amountCents, choice, idempotencyKey, confirmRepeat);
      // A bank debit is not paid yet: the success step says Processing, not 'Payment succeeded!'.
      if (choice.kind === 'card') showPaymentToast(MESSAGES.paymentSucceeded, 'success');
      attempt.current = null;
      return { kind: 'paid', confirmed };
    } catch (error) {
      const status = statusOf(error);
      if (status === 401 && errorCode(error) === 'reauthenticate') return signOutLater();
      // Any other 401 ended the session; the signed-in frame sends the tenant away.
      if (status === 401) return { kind: 'failed' };
      const question = serverMessage(error);
      if (status === 409 && errorCode(error) === CONFIRM_REPEAT && question) return { kind: 'repeatToConfirm', question };
      // Anything else, too many declined cards (429) included, is the server's message, kept until dismissed.
      showPaymentToast(serverMessage(error) ?? MESSAGES.noGatewayResponse, 'error');
      if (choice.kind === 'bank' && (status === 402 || status === 409)) {
        // A blocked account, a changed authorization or a landlord no longer taking bank debits: the setup says what is offered now.
        dispatch(api.util.invalidateTags(['PaymentSetup']));
      }
      if (status !== 402) return { kind: 'failed' };
      return choice.kind === 'card' ? { kind: 'cardRefused' } : { kind: 'bankAccountRefused' };
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  /** 'All done!': the next payment is a new attempt. */
  const forgetAttempt = () => {
    attempt.current = null;
  };

  return { confirm, isSubmitting, forgetAttempt };
}
