import { showToast, type ToastTone } from '../../components/toastStore';

/** Toasts in the tenant payment screens stay until dismissed, with no progress bar (spec section 2). */
export function showPaymentToast(message: string, tone: ToastTone): number {
  return showToast(message, { tone, durationMs: null });
}
