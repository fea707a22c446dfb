import { KEYPAD_START, keypadDisplayToCents, pressKey, type KeypadKey } from '@rentwise/libs/keypad';
import type { AcceptedCard } from './cardEntry';
import type { PaymentConfirmed } from './paymentsApi';

/**
 * The tenant payment screen (spec section 4): amount entry, card entry and confirmation make up
 * "payment incomplete"; success comes only from the server's answer.
 */
export type PaymentStep = 'amount' | 'card' | 'confirm' | 'success';

export interface PaymentFlowState {
  step: PaymentStep;
  /** The keypad's display, e.g. '1,234.5'. */
  display: string;
  card: AcceptedCard | null;
  confirmed: PaymentConfirmed | null;
}

export type PaymentFlowAction =
  | { type: 'keyPressed'; key: KeypadKey }
  | { type: 'amountAccepted' }
  | { type: 'cardAccepted'; card: AcceptedCard }
  | { type: 'cardRefused' }
  | { type: 'wentBack' }
  | { type: 'paid'; confirmed: PaymentConfirmed }
  | { type: 'allDone' };

export const initialPaymentFlow: PaymentFlowState = { step: 'amount', display: KEYPAD_START, card: null, confirmed: null };

export const enteredCents = (state: PaymentFlowState): number => keypadDisplayToCents(state.display);

export function paymentFlow(state: PaymentFlowState, action: PaymentFlowAction): PaymentFlowState {
  switch (action.type) {
    case 'keyPressed':
      return state.step === 'amount' ? { ...state, display: pressKey(state.display, action.key) } : state;
    case 'amountAccepted':
      return state.step === 'amount' && enteredCents(state) > 0 ? { ...state, step: 'card' } : state;
    case 'cardAccepted':
      return state.step === 'card' ? { ...state, step: 'confirm', card: action.card } : state;
    case 'cardRefused':
      // The provider refused the card at charge time: enter another one for the same amount.
      return state.step === 'confirm' ? { ...state, step: 'card', card: null } : state;
    case 'wentBack':
      return state.step === 'card' || state.step === 'confirm' ? { ...state, step: 'amount', card: null } : state;
    case 'paid':
      return { ...state, step: 'success', confirmed: action.confirmed };
    case 'allDone':
      return initialPaymentFlow;
  }
}
