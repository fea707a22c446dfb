import { createHmac, timingSafeEqual } from 'node:crypto';
import { GatewayEvent } from '../../../../infrastructure/inbox/provider-events';
import { InvalidWebhookSignature } from '../../../../infrastructure/providers/provider-errors';
import { ProviderEvent } from '../../../../infrastructure/inbox/provider-events';

/**
 * Authorize.Net webhooks: a JSON body `{ notificationId, eventType, eventDate, webhookId, payload }`
 * signed in `X-ANET-Signature: sha512=<HEX>`, the HMAC-SHA512 of the exact body with the merchant's
 * signature key. The payload of a payment event names its transaction (`payload.id`); the handler
 * re-reads the transaction, so only the id and the type are trusted from the body.
 */

/** Event types that move money on a charge of ours: each makes the transaction be read again. */
const TRANSACTION_EVENTS = new Set([
  'net.authorize.payment.authcapture.created',
  'net.authorize.payment.capture.created',
  'net.authorize.payment.priorAuthCapture.created',
  'net.authorize.payment.refund.created',
  'net.authorize.payment.void.created',
]);

export function signAuthorizeNetBody(rawBody: Buffer | string, signatureKey: string): string {
  return `sha512=${createHmac('sha512', signatureKey).update(rawBody).digest('hex').toUpperCase()}`;
}

/** The event of a merchant account (`anet:<login id>`), once its signature holds. Throws InvalidWebhookSignature. */
export function verifyAuthorizeNetEvent(
  rawBody: Buffer,
  signatureHeader: string,
  { signatureKey, merchantAccount, livemode }: { signatureKey: string; merchantAccount: string; livemode: boolean },
): GatewayEvent {
  const expected = Buffer.from(signAuthorizeNetBody(rawBody, signatureKey).toUpperCase());
  const received = Buffer.from(signatureHeader.trim().toUpperCase());
  if (expected.length !== received.length || !timingSafeEqual(expected, received)) {
    throw new InvalidWebhookSignature('X-ANET-Signature does not match the body');
  }
  let body: { notificationId?: unknown; eventType?: unknown; eventDate?: unknown; payload?: unknown };
  try {
    body = JSON.parse(rawBody.toString('utf8')) as typeof body;
  } catch {
    throw new InvalidWebhookSignature('The signed body is not JSON');
  }
  if (typeof body.notificationId !== 'string' || typeof body.eventType !== 'string') {
    throw new InvalidWebhookSignature('The signed body is not an Authorize.Net notification');
  }
  const created = typeof body.eventDate === 'string' ? Date.parse(body.eventDate) : NaN;
  return {
    id: body.notificationId,
    type: body.eventType,
    accountId: merchantAccount,
    createdUnixSeconds: Math.floor((Number.isNaN(created) ? Date.now() : created) / 1000),
    livemode,
    data: typeof body.payload === 'object' && body.payload !== null ? (body.payload as Record<string, unknown>) : {},
  };
}

export function translateAuthorizeNetEvent(event: GatewayEvent): ProviderEvent | null {
  if (!TRANSACTION_EVENTS.has(event.type)) return null;
  const id = event.data.id;
  if (event.data.entityName !== 'transaction' || (typeof id !== 'string' && typeof id !== 'number') || !event.accountId) return null;
  return { type: 'AuthorizeNetTransactionChanged', merchantAccount: event.accountId, transactionId: String(id) };
}
