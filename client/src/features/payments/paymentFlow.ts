import { KEYPAD_START, keypadDisplayToCents, pressKey, type KeypadKey } from '@rentwise/libs/keypad';
import type { ChosenBankAccount } from './bankAccount';
import type { AcceptedCard } from '../../components/cardEntry';
import type { PaymentConfirmed } from './paymentsApi';

/**
 * The tenant payment screen (spec section 4): amount entry, card (or bank account) entry and
 * confirmation make up "payment incomplete"; success comes only from the server's answer. The amount
 * leads to the card, as the spec has it; when the landlord takes bank debits the tenant may switch
 * between the card and the bank account steps.
 */
export type PaymentStep = 'amount' | 'card' | 'bank' | 'confirm' | 'success';

export interface PaymentFlowState {
  step: PaymentStep;
  /** The keypad's display, e.g. '1,234.5'. */
  display: string;
  /** At 'confirm', exactly one of card and bankAccount is set. */
  card: AcceptedCard | null;
  bankAccount: ChosenBankAccount | null;
  confirmed: PaymentConfirmed | null;
}

export type PaymentFlowAction =
  | { type: 'keyPressed'; key: KeypadKey }
  | { type: 'amountAccepted' }
  | { type: 'methodSwitched'; method: 'card' | 'bank' }
  | { type: 'cardAccepted'; card: AcceptedCard }
  | { type: 'cardRefused' }
  | { type: 'bankAccountChosen'; bankAccount: ChosenBankAccount }
  | { type: 'bankAccountRefused' }
  | { type: 'wentBack' }
  | { type: 'paid'; confirmed: PaymentConfirmed }
  | { type: 'allDone' };

export const initialPaymentFlow: PaymentFlowState = {
  step: 'amount',
  display: KEYPAD_START,
  card: null,
  bankAccount: null,
  confirmed: null,
};

export const enteredCents = (state: PaymentFlowState): number => keypadDisplayToCents(state.display);

const ENTRY_STEPS: readonly PaymentStep[] = ['card', 'bank', 'confirm'];

export function paymentFlow(state: PaymentFlowState, action: PaymentFlowAction): PaymentFlowState {
  switch (action.type) {
    case 'keyPressed':
      return state.step === 'amount' ? { ...state, display: pressKey(state.display, action.key) } : state;
    case 'amountAccepted':
      return state.step === 'amount' && enteredCents(state) > 0 ? { ...state, step: 'card' } : state;
    case 'methodSwitched':
      return state.step === 'card' || state.step === 'bank' ? { ...state, step: action.method } : state;
    case 'cardAccepted':
      return state.step === 'card' ? { ...state, step: 'confirm', card: action.card, bankAccount: null } : state;
    case 'cardRefused':
      // The provider refused the card at charge time: enter another one for the same amount.
      return state.step === 'confirm' && state.card ? { ...state, step: 'card', card: null } : state;
    case 'bankAccountChosen':
      return state.step === 'bank' ? { ...state, step: 'confirm', bankAccount: action.bankAccount, card: null } : state;
    case 'bankAccountRefused':
      // The account cannot be debited (blocked after a return, or refused): choose or link another.
      return state.step === 'confirm' && state.bankAccount ? { ...state, step: 'bank', bankAccount: null } : state;
    case 'wentBack':
      return ENTRY_STEPS.includes(state.step) ? { ...state, step: 'amount', card: null, bankAccount: null } : state;
    case 'paid':
      return { ...state, step: 'success', confirmed: action.confirmed };
    case 'allDone':
      return initialPaymentFlow;
  }
}
