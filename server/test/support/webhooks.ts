import type { WebhookEndpoint } from '../../src/infrastructure/inbox/provider-events';
import type { TestApp } from './test-app';
import { waitFor } from './wait-for';

export interface InboxRowView {
  id: string;
  provider_event_id: string;
  endpoint: WebhookEndpoint;
  type: string;
  status: string;
  outcome: string | null;
  attempts: number;
  last_error: string | null;
}

export function postWebhook(testApp: TestApp, body: string, signature?: string, endpoint: WebhookEndpoint = 'platform') {
  return testApp.request({
    method: 'POST',
    url: endpoint === 'connect' ? '/api/webhooks/stripe/connect' : '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json; charset=utf-8', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload: body,
  });
}

export async function inboxRows(testApp: TestApp, eventId: string): Promise<InboxRowView[]> {
  return testApp.dataSource.query(`SELECT * FROM infra.inbox WHERE provider_event_id = $1`, [eventId]);
}

/** Waits until the event's inbox row has left 'pending' (done, skipped, unhandled or failed) and returns it. */
export async function handledInboxRow(testApp: TestApp, eventId: string, statuses = ['done', 'skipped', 'unhandled']): Promise<InboxRowView> {
  let row: InboxRowView | undefined;
  await waitFor(
    async () => {
      [row] = await inboxRows(testApp, eventId);
      return Boolean(row && statuses.includes(row.status));
    },
    { what: `event ${eventId} to be handled` },
  );
  return row!;
}
