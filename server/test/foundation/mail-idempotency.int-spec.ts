import { Job } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { MailProcessor } from '../../src/infrastructure/mail/mail.processor';
import { SEND_EMAIL_JOB, SendEmailJob } from '../../src/infrastructure/mail/send-email.job';
import { asOwner } from '../support/as-owner';
import { startTestApp, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

/**
 * What is promised (docs/reliability.md): each outbox row's email at least once, every copy under the
 * row's one Message-ID; a job that runs again after its send was recorded sends nothing.
 */
describe('sending an email once per outbox row, and any repeat under the same Message-ID', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.close());

  const mailJob = (id: string, subject: string) =>
    ({
      id,
      name: SEND_EMAIL_JOB,
      data: { to: 'once@example.com', subject, text: 'Only once', html: '<p>Only once</p>' },
    }) as unknown as Job<SendEmailJob>;
  const received = (subject: string) => testApp.mailbox.list().filter((email) => email.subject === subject);

  it('delivers one email when the same outbox job is processed twice, and logs its key and Message-ID', async () => {
    const outboxRowId = randomUUID();
    const subject = `Twice processed ${outboxRowId}`;
    const processor = testApp.app.get(MailProcessor);

    await processor.process(mailJob(outboxRowId, subject));
    await processor.process(mailJob(outboxRowId, subject));

    await waitFor(() => received(subject).length > 0, { what: 'the email' });
    expect(received(subject)).toHaveLength(1);
    const rows = await testApp.dataSource.query('SELECT message_id FROM infra.sent_emails WHERE key = $1', [
      `outbox:${outboxRowId}`,
    ]);
    expect(rows).toEqual([{ message_id: `<${outboxRowId}@rentwise>` }]);
  });

  it('sends again, under the same Message-ID, when the process died between the send and its record', async () => {
    const outboxRowId = randomUUID();
    const subject = `Died after sending ${outboxRowId}`;
    const processor = testApp.app.get(MailProcessor);
    await processor.process(mailJob(outboxRowId, subject));
    // What a kill at 'after-send-before-record' leaves: SMTP took it, the mail log has no row.
    await asOwner('DELETE FROM infra.sent_emails WHERE key = $1', [`outbox:${outboxRowId}`]);

    await processor.process(mailJob(outboxRowId, subject));

    await waitFor(() => received(subject).length === 2, { what: 'the repeat' });
    expect(received(subject).map((email) => email.messageId)).toEqual([`<${outboxRowId}@rentwise>`, `<${outboxRowId}@rentwise>`]);
  });

  it('still sends two emails for two outbox rows with the same content', async () => {
    const subject = `Same content ${randomUUID()}`;
    const processor = testApp.app.get(MailProcessor);
    await processor.process(mailJob(randomUUID(), subject));
    await processor.process(mailJob(randomUUID(), subject));
    await waitFor(() => received(subject).length === 2, { what: 'both emails' });
  });

  it('takes a stalled mail job back within seconds, not a minute', () => {
    const worker = testApp.app.get(MailProcessor).worker;
    expect(worker.opts.lockDuration).toBeLessThanOrEqual(15_000);
    expect(worker.opts.stalledInterval).toBeLessThanOrEqual(5_000);
  });
});
