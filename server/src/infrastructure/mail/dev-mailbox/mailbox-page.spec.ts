import { mailboxPagePolicy, renderMailboxPage } from './mailbox-page';
import type { ReceivedEmail } from './smtp-sink';

const email = (overrides: Partial<ReceivedEmail> = {}): ReceivedEmail => ({
  id: 1,
  from: 'no-reply@rentwise.localhost',
  to: ['sam@example.com'],
  subject: 'Your <rent> payment',
  messageId: null,
  text: 'Hi Sam,\n\nView receipt: http://localhost:3000/tenant/payment-receipt/r-1',
  html: '<!doctype html><html><head><title>x</title></head><body><a href="http://localhost:3000/r?a=1&amp;b=2">View receipt</a><script>alert(1)</script></body></html>',
  receivedAt: '2026-11-28T10:00:00.000Z',
  ...overrides,
});

describe('the dev mailbox page', () => {
  it('shows the HTML part in a frame that runs no script and opens links in a new tab', () => {
    const page = renderMailboxPage([email()]);
    const frame = page.match(/<iframe [^>]*>/)![0];
    expect(frame).toContain('sandbox="allow-popups allow-popups-to-escape-sandbox"');
    expect(frame).toContain('title="Email: Your &#60;rent&#62; payment"');
    // The whole email is one attribute value: nothing of it is markup of the page.
    expect(frame).toContain('srcdoc="&#60;!doctype html&#62;&#60;html&#62;&#60;head&#62;&#60;base target=&#34;_blank&#34;&#62;&#60;title&#62;');
    expect(frame).toContain('href=&#34;http://localhost:3000/r?a=1&#38;amp;b=2&#34;');
    expect(page).not.toContain('<script>');
  });

  it('keeps the plain-text part under it, with clickable links', () => {
    const page = renderMailboxPage([email()]);
    expect(page).toMatch(
      /<details><summary>Plain text<\/summary><pre>Hi Sam,\n\nView receipt: <a href="http:\/\/localhost:3000\/tenant\/payment-receipt\/r-1">/,
    );
  });

  it('shows a text-only email as text', () => {
    const page = renderMailboxPage([email({ html: null })]);
    expect(page).not.toContain('<iframe');
    expect(page).toContain('<pre>Hi Sam,');
  });

  it('lets the page load only its styles, the frames and the images emails show from PUBLIC_URL', () => {
    expect(mailboxPagePolicy('https://rentwise.example/app')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data: https://rentwise.example; frame-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
  });
});
