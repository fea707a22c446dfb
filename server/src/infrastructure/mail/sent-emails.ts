import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { preparedStatement, runPrepared } from '../database/prepared-statement';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The idempotency key of a job that sends an email (a `mail` or `receipt-emails` job): its outbox row
 * id, which the relay makes the job id. A job put on a queue directly (not through the outbox) has no
 * such id, so no key.
 */
export function sentEmailKeyOf(jobId: string | undefined): string | undefined {
  return jobId !== undefined && UUID.test(jobId) ? `outbox:${jobId.toLowerCase()}` : undefined;
}

/** The Message-ID an email keeps however often its job runs, so a receiving side can drop repeats. */
export function messageIdOf(key: string): string {
  return `<${key.replace(/^outbox:/, '')}@rentwise>`;
}

// Every receipt and every other keyed email asks one and writes the other.
const SENT_EMAIL = preparedStatement<{ sent: number }, [key: string]>('mail.sent-email', 'SELECT 1 AS sent FROM infra.sent_emails WHERE key = $1');
const RECORD_SENT_EMAIL = preparedStatement<never, [key: string, messageId: string]>(
  'mail.record-sent-email',
  'INSERT INTO infra.sent_emails (key, message_id) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING',
);

/** The mail log (infra.sent_emails): which keyed emails have been handed to SMTP. */
@Injectable()
export class SentEmails {
  constructor(private readonly dataSource: DataSource) {}

  async wasSent(key: string): Promise<boolean> {
    const rows = await runPrepared(this.dataSource.manager, SENT_EMAIL, [key]);
    return rows.length > 0;
  }

  async record(key: string, messageId: string): Promise<void> {
    await runPrepared(this.dataSource.manager, RECORD_SENT_EMAIL, [key, messageId]);
  }
}
