import { paymentMethodLabel } from '@rentwise/libs/card-number';
import type { AutopayView } from '../../app/tenantAutopayApi';
import { bankAccountLabel } from '../../components/bankAccount';
import type { PaymentMethodKind } from '../../components/PaymentMethodSwitch';

/**
 * The ways autopay can pay for this tenant, bank account first: from a bank account where the landlord
 * takes bank debits (`offered`), by card where they take cards through Stripe (`cardOffered`). A
 * landlord may take either without the other.
 */
export function autopayMethodKinds(view: AutopayView): PaymentMethodKind[] {
  const kinds: PaymentMethodKind[] = [];
  if (view.offered && view.bankLink) kinds.push('bank');
  if (view.cardOffered) kinds.push('card');
  return kinds;
}

/** 'Expires 12/30', as the card itself says it. */
export function cardExpiryLabel({ expMonth, expYear }: { expMonth: number; expYear: number }): string {
  return `Expires ${String(expMonth).padStart(2, '0')}/${String(expYear % 100).padStart(2, '0')}`;
}

/** What autopay pays from, as the page names it: 'Visa •••• 4242' or 'STRIPE TEST BANK ••••6789'. */
export function autopayMethodLabel(method: NonNullable<AutopayView['method']>): string {
  return method.kind === 'card' ? paymentMethodLabel(method.brand, method.last4) : bankAccountLabel(method);
}
