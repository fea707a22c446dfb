import { getQueueToken } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import { MailQueue } from '../../src/infrastructure/mail/mail-queue';
import { SEND_EMAIL_JOB } from '../../src/infrastructure/mail/send-email.job';
import { MAIL_QUEUE } from '../../src/infrastructure/queue/queue-names';
import { startTestApp, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

describe('mail queue', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('delivers a job put on the mail queue to the SMTP server through the worker', async () => {
    const queue = testApp.app.get<Queue>(getQueueToken(MAIL_QUEUE));
    await queue.add(SEND_EMAIL_JOB, {
      to: 'queued@example.com',
      subject: 'Queued directly',
      text: 'Hello from the mail queue',
      html: '<p>Hello from the mail queue</p>',
    });

    const received = await waitFor(
      () => testApp.mailbox.list().find((message) => message.subject === 'Queued directly'),
      { what: 'the email in the SMTP sink' },
    );
    expect(received.to).toEqual(['queued@example.com']);
    expect(received.text).toContain('Hello from the mail queue');
  });

  it('shows each email on /dev/mailbox: its HTML in a sandboxed frame under the page\'s own policy, its text beside it', async () => {
    await waitFor(() => testApp.mailbox.list().find((message) => message.subject === 'Queued directly'), { what: 'the queued email' });
    const page = await testApp.request({ url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe(
      `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data: ${new URL(testApp.config.env.PUBLIC_URL).origin}; frame-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
    );
    expect(page.payload).toContain('<iframe title="Email: Queued directly" sandbox="allow-popups allow-popups-to-escape-sandbox"');
    expect(page.payload).toContain('&#60;p&#62;Hello from the mail queue&#60;/p&#62;');
    expect(page.payload).toContain('<summary>Plain text</summary><pre>Hello from the mail queue');
  });

  it('sends an email written to the outbox once its transaction commits', async () => {
    const mail = testApp.app.get(MailQueue);
    await testApp.dataSource.transaction((manager) =>
      mail.send(manager, { to: 'outbox@example.com', subject: 'Committed', text: 'yes', html: '<p>yes</p>' }),
    );
    await waitFor(() => testApp.mailbox.list().find((message) => message.subject === 'Committed'), {
      what: 'the committed email',
    });
  });

  it('never sends an email whose transaction rolled back', async () => {
    const mail = testApp.app.get(MailQueue);
    await expect(
      testApp.dataSource.transaction(async (manager) => {
        await mail.send(manager, { to: 'rollback@example.com', subject: 'Rolled back', text: 'no', html: '<p>no</p>' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');

    // A later committed email proves the relay has run past the point where the rolled-back one would be.
    await testApp.dataSource.transaction((manager) =>
      mail.send(manager, { to: 'marker@example.com', subject: 'Marker', text: 'm', html: '<p>m</p>' }),
    );
    await waitFor(() => testApp.mailbox.list().find((message) => message.subject === 'Marker'), { what: 'the marker' });
    expect(testApp.mailbox.list().find((message) => message.subject === 'Rolled back')).toBeUndefined();
  });
});
