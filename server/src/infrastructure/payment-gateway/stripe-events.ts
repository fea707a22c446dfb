import Stripe from 'stripe';
import { GatewayEvent, InvalidWebhookSignature } from './payment-gateway.port';

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
    data: object,
  };
}
