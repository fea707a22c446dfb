import { dismissToast, showToast, type ToastTone } from '../../components/toastStore';

let shown: number[] = [];

/**
 * Toasts in the tenant payment screens stay until dismissed, with no progress bar (spec section 2).
 * One at a time: a new message replaces the one before, so they never pile up over the keypad.
 */
export function showPaymentToast(message: string, tone: ToastTone): number {
  dismissPaymentToasts();
  const id = showToast(message, { tone, durationMs: null });
  shown.push(id);
  return id;
}

/**
 * The tenant's next action on the payment screen dismisses the message it answered, so a message
 * that stays never covers the button the tenant needs next on a small phone.
 */
export function dismissPaymentToasts(): void {
  shown.forEach(dismissToast);
  shown = [];
}
