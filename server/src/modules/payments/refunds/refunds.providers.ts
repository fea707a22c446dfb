import type { Provider } from '@nestjs/common';
import { RefundEmailProcessor } from '../emails/refund-email.processor';
import { RefundMailer } from '../emails/refund-mailer';
import { AuthorizeNetRefundWay } from './authorize-net-refund.way';
import { PaymentsToRefund } from './payments-to-refund';
import { RefundAttempts } from './refund-attempts';
import { RefundPaymentHandler } from './refund-payment.handler';
import { RefundWays } from './refund-way';
import { StripeRefundWay } from './stripe-refund.way';

/** Refunds from Rentwise (decision 0044): one use case, a way per provider. */
export const refundProviders = (options: { runWorker: boolean }): Provider[] => [
  RefundAttempts,
  PaymentsToRefund,
  RefundMailer,
  RefundPaymentHandler,
  StripeRefundWay,
  AuthorizeNetRefundWay,
  {
    provide: RefundWays,
    useFactory: (stripe: StripeRefundWay, authorizeNet: AuthorizeNetRefundWay) => new RefundWays([stripe, authorizeNet]),
    inject: [StripeRefundWay, AuthorizeNetRefundWay],
  },
  ...(options.runWorker ? [RefundEmailProcessor] : []),
];
