import { expect, type APIRequestContext } from '@playwright/test';

/** One email as the development mailbox keeps it (GET /api/dev/mailbox/messages, newest first). */
export interface MailboxEmail {
  id: number;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
}

async function mailbox(request: APIRequestContext): Promise<MailboxEmail[]> {
  const response = await request.get('/api/dev/mailbox/messages');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { rows: MailboxEmail[] }).rows;
}

/** The id of the newest email so far; pass it as `after` to wait for the next one. */
export async function mailboxMark(request: APIRequestContext): Promise<number> {
  return (await mailbox(request))[0]?.id ?? 0;
}

/** Waits for the newest email to `address` (after the `after` mark) and returns it. */
export async function latestEmailTo(
  request: APIRequestContext,
  address: string,
  { after = 0, timeoutMs = 15_000 }: { after?: number; timeoutMs?: number } = {},
): Promise<MailboxEmail> {
  let found: MailboxEmail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailbox(request)).find((email) => email.id > after && email.to.includes(address.toLowerCase()));
        return found !== undefined;
      },
      { message: `an email to ${address}`, timeout: timeoutMs },
    )
    .toBe(true);
  return found!;
}

/** The first link in an email to a page of the product, e.g. linkIn(email, '/account/reset-password'). */
export function linkIn(email: MailboxEmail, pathname: string): string {
  const link = email.text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname === pathname);
  if (!link) throw new Error(`No ${pathname} link in "${email.subject}":\n${email.text}`);
  return link;
}

/** The path and query of a link, to open it on the server under test whatever host the email names. */
export function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
