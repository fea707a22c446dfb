import type { Provider } from '@nestjs/common';
import { PAYMENT_WAYS, type PaymentWay } from './payment-way';
import { AuthorizeNetCardWay } from './ways/authorize-net-card/authorize-net-card.way';
import { StripeBankDebitWay } from './ways/stripe-bank-debit/stripe-bank-debit.way';
import { StripeCardWay } from './ways/stripe-card/stripe-card.way';

/** Every way a tenant can pay rent. A new way of paying is its adapter folder under ways/ and one entry here. */
const WAYS = [StripeCardWay, AuthorizeNetCardWay, StripeBankDebitWay];

export const paymentWayProviders: Provider[] = [
  ...WAYS,
  { provide: PAYMENT_WAYS, useFactory: (...ways: PaymentWay[]) => ways, inject: WAYS },
];
