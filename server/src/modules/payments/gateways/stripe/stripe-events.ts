import Stripe from 'stripe';
import { GatewayEvent } from '../../../../infrastructure/inbox/provider-events';
import { InvalidWebhookSignature } from '../../../../infrastructure/providers/provider-errors';
import { ProviderEvent } from '../../../../infrastructure/inbox/provider-events';

/**
 * Checks a `Stripe-Signature` header over the raw body with stripe-node's own verifier (HMAC-SHA256,
 * 5-minute tolerance) and returns the event in the port's terms. Both adapters use it: the sandbox
 * signs with a development secret, so tests and tools post events exactly as Stripe does.
 */
export function verifyStripeEvent(rawBody: Buffer, signatureHeader: string, secret: string, receivedAtMs: number): GatewayEvent {
  let event: unknown;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signatureHeader, secret, undefined, undefined, receivedAtMs);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw new InvalidWebhookSignature(error.message.split('\n')[0]);
    }
    if (error instanceof SyntaxError) throw new InvalidWebhookSignature('The signed body is not JSON');
    throw error;
  }
  return toGatewayEvent(event);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toGatewayEvent(event: unknown): GatewayEvent {
  if (!isRecord(event) || typeof event.id !== 'string' || typeof event.type !== 'string') {
    throw new InvalidWebhookSignature('The signed body is not a Stripe event');
  }
  const object = isRecord(event.data) && isRecord(event.data.object) ? event.data.object : {};
  // Connect events name the connected account; an account's own events carry it as the object.
  const accountId =
    typeof event.account === 'string'
      ? event.account
      : object.object === 'account' && typeof object.id === 'string'
        ? object.id
        : undefined;
  return {
    id: event.id,
    type: event.type,
    ...(accountId ? { accountId } : {}),
    createdUnixSeconds: typeof event.created === 'number' ? event.created : 0,
    livemode: event.livemode === true,
    data: object,
  };
}

const idOf = (value: unknown): string | null =>
  typeof value === 'string' ? value : isRecord(value) && typeof value.id === 'string' ? value.id : null;

/**
 * A Stripe event in the product's words, or null for a type we do not act on (it stays in the inbox
 * as unhandled). Only ids are taken from the event; handlers re-read the objects. Events without a
 * connected account are not ours to act on: rent is a direct charge on the landlord's account.
 */
export function translateStripeEvent(event: GatewayEvent): ProviderEvent | null {
  const accountId = event.accountId;
  if (!accountId) return null;
  const object = event.data;
  const id = idOf(object.id);
  switch (event.type) {
    case 'account.updated':
      return { type: 'PayoutAccountChanged', accountId };
    case 'payment_intent.succeeded':
      return id ? { type: 'ChargeSucceeded', accountId, paymentIntentId: id, chargeId: idOf(object.latest_charge) } : null;
    case 'charge.succeeded':
    case 'charge.captured':
      return id ? { type: 'ChargeSucceeded', accountId, chargeId: id, paymentIntentId: idOf(object.payment_intent) } : null;
    case 'payment_intent.processing':
      return id ? { type: 'ChargeChanged', accountId, paymentIntentId: id, chargeId: idOf(object.latest_charge) } : null;
    case 'charge.pending':
    case 'charge.updated':
      return id ? { type: 'ChargeChanged', accountId, chargeId: id, paymentIntentId: idOf(object.payment_intent) } : null;
    case 'mandate.updated':
      return id ? { type: 'MandateChanged', accountId, mandateId: id } : null;
    case 'setup_intent.succeeded':
      return id ? { type: 'BankAccountVerified', accountId, setupIntentId: id } : null;
    case 'payment_intent.payment_failed':
      return id ? { type: 'ChargeFailed', accountId, paymentIntentId: id } : null;
    case 'charge.failed': {
      const paymentIntentId = idOf(object.payment_intent);
      return paymentIntentId ? { type: 'ChargeFailed', accountId, paymentIntentId } : null;
    }
    case 'charge.refunded':
    case 'charge.refund.updated':
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed': {
      const chargeId = object.object === 'charge' ? id : idOf(object.charge);
      return chargeId ? { type: 'ChargeRefunded', accountId, chargeId } : null;
    }
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.funds_withdrawn':
      return id ? { type: 'DisputeOpened', accountId, disputeId: id } : null;
    case 'charge.dispute.closed':
    case 'charge.dispute.funds_reinstated':
      return id ? { type: 'DisputeClosed', accountId, disputeId: id } : null;
    case 'payout.paid':
      return id ? { type: 'PayoutPaid', accountId, payoutId: id } : null;
    case 'payout.failed':
    case 'payout.canceled':
      return id ? { type: 'PayoutFailed', accountId, payoutId: id } : null;
    default:
      return null;
  }
}
