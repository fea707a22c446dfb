import { GatewayEvent } from './payment-gateway.port';

/**
 * The one job on the `webhooks` queue: a verified provider event. Added by the webhook intake
 * (job id = event id, so a redelivered event is one job) and by the sandbox gateway through the
 * outbox; consumed by the payments module's WebhookProcessor.
 */
export const HANDLE_GATEWAY_EVENT_JOB = 'HandleGatewayEvent';

export type HandleGatewayEventJob = GatewayEvent;
