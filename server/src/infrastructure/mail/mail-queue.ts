import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Outbox } from '../outbox/outbox';
import { MAIL_QUEUE } from '../queue/queue-names';
import { SEND_EMAIL_JOB, SendEmailJob } from './send-email.job';

/** Queues an email as part of the caller's transaction (through the outbox). */
@Injectable()
export class MailQueue {
  constructor(private readonly outbox: Outbox) {}

  async send(manager: EntityManager, email: SendEmailJob): Promise<void> {
    await this.outbox.add(manager, { queue: MAIL_QUEUE, jobName: SEND_EMAIL_JOB, payload: email });
  }
}
