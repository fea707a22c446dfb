import type { CardGatewayKind } from '@rentwise/libs/schemas/authorize-net-payment.schema';
import type { CardPayment } from '../card-payments/card-payment.entity';
import type { SucceededCharge } from '../card-payments/charge-settlement';
import type { BankDebit } from '../gateways/payment-gateway.port';
import type { TenancyView } from '../../tenants/contracts/tenancy-view';
import type { MethodOf, PaymentMethod, PaymentWayName } from './pay-rent.command';

/** Who is paid: the account the charge lands on, at which provider (the ledger's and the attempt's name). */
export interface Payee {
  accountId: string;
  provider: string;
}

/** The attempt's columns that come from the way of paying. */
export type AttemptMethodFields = Pick<
  CardPayment,
  'paymentMethodId' | 'invoiceNumber' | 'cardBrand' | 'cardLast4' | 'method' | 'bankName' | 'bankLast4' | 'mandateId'
>;

/** The card columns of an attempt paid by card. */
export const CARD_ATTEMPT = { method: 'card', bankName: null, bankLast4: null, mandateId: null } as const;

/** What a way of paying may need to know to fill in its attempt's columns. */
export interface AttemptContext {
  attemptId: string;
  tenantUserId: string;
  tenancy: TenancyView;
  payee: Payee;
  idempotencyKey: string;
  /** What the tenant is charged: amount and fee. */
  chargedCents: number;
  clientAddress: string;
  at: Date;
}

/** What the provider said to a charge (an outage is thrown, as the 4xx/5xx the tenant should see). */
export type ChargeOutcome =
  | { kind: 'charged'; charge: SucceededCharge }
  /** A bank debit on its way: decided days later, by the provider's events (decision 0037). */
  | { kind: 'processing'; debit: BankDebit }
  | { kind: 'declined'; failureCode: string | null; failureMessage: string };

/**
 * One way of paying rent, as PayRent needs it: only what truly differs between ways. Everything
 * else (fresh sign-in, the tenancy, declined-card limit, repeat payments, fees, the stored attempt,
 * the ledger, the receipt) is PayRent's, once. A new way is one adapter folder under `ways/` and one
 * line in PAYMENT_WAYS (pay-rent.module's providers).
 */
export interface PaymentWay<Method extends PaymentMethod = PaymentMethod> {
  readonly way: Method['way'];
  /** The card gateway a landlord must be on to be paid this way (an operator's choice, per landlord). */
  readonly landlordGateway: CardGatewayKind;
  /**
   * Whether the provider itself charges once for a repeated call with the attempt's key (Stripe's
   * idempotency key). Without it, PayRent runs each attempt one request at a time, under its lock,
   * and `charge` looks up what a seen-before attempt did before it charges.
   */
  readonly providerChargesOncePerKey: boolean;
  /**
   * What goes into the attempt's input hash, beside the tenant and the amount: a key replayed with
   * other input is refused. The layouts are those stored since each way began; keep them.
   */
  inputHashParts(tenantUserId: string, amountCents: number, method: Method): unknown[];
  /** Who is paid for this landlord, or null when the landlord cannot be paid this way now. */
  payee(landlordUserId: string): Promise<Payee | null>;
  /** The message when `payee` found none (and the landlord is still on this way's gateway). */
  readonly cannotBePaidMessage: string;
  /** The fee the tenant pays on top of the amount, for a payment made at `at`. */
  tenantFeeCents(at: Date): number;
  /** The attempt's columns that come from the method (a bank debit stores its mandate here, before any charge). */
  attemptFields(method: Method, context: AttemptContext): AttemptMethodFields | Promise<AttemptMethodFields>;
  /** Charges the attempt (or, when `seenBefore` and the provider keeps no key, finds what an earlier call did). */
  charge(attempt: CardPayment, method: Method, seenBefore: boolean): Promise<ChargeOutcome>;
  /** The 402 message a declined attempt answers with, from the provider's own words. */
  declineAnswer(failureMessage: string): string;
}

/** The multi-provider token of every registered way of paying. */
export const PAYMENT_WAYS = Symbol('PAYMENT_WAYS');

export type PaymentWays = readonly PaymentWay[];

export function paymentWayFor<Name extends PaymentWayName>(
  ways: PaymentWays,
  name: Name,
): PaymentWay<MethodOf<Name>> {
  const way = ways.find((candidate) => candidate.way === name);
  if (!way) throw new Error(`No way of paying is registered as ${name}`);
  return way as unknown as PaymentWay<MethodOf<Name>>;
}
