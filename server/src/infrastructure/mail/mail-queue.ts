import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { type OneStatementChange, Outbox, type OutboxJob } from '../outbox/outbox';
import { MAIL_QUEUE } from '../queue/queue-names';
import { SEND_EMAIL_JOB, SendEmailJob } from './send-email.job';

/** Queues an email as part of the caller's transaction (through the outbox). */
@Injectable()
export class MailQueue {
  constructor(private readonly outbox: Outbox) {}

  async send(manager: EntityManager, email: SendEmailJob): Promise<void> {
    await this.outbox.add(manager, this.jobOf(email));
  }

  /** An email queued by the statement that records it, only when that statement writes a row (Outbox.writeWith). */
  sendWith<Row>(manager: EntityManager, statement: OneStatementChange, email: SendEmailJob): Promise<Row[]> {
    return this.outbox.writeWith<Row>(manager, statement, [this.jobOf(email)]);
  }

  private jobOf(email: SendEmailJob): OutboxJob<SendEmailJob> {
    return { queue: MAIL_QUEUE, jobName: SEND_EMAIL_JOB, payload: email };
  }
}
