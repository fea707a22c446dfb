import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { Job } from 'bullmq';
import { isEnvelope, MessageChain } from '../../../infrastructure/messaging/envelope';
import type { Enveloped } from '../../../infrastructure/outbox/outbox';
import { ReceiptMailer } from './receipt-mailer';
import { RECEIPT_EMAILS_QUEUE, SEND_RECEIPT_EMAIL_JOB, SendReceiptEmailJob } from './send-receipt-email.job';

/** Works the `receipt-emails` queue: each job renders one posted payment's receipt and queues its email. */
@Processor(RECEIPT_EMAILS_QUEUE)
export class ReceiptEmailProcessor extends WorkerHost {
  private readonly logger = new Logger(ReceiptEmailProcessor.name);

  constructor(private readonly mailer: ReceiptMailer) {
    super();
  }

  async process(job: Job<Enveloped<SendReceiptEmailJob>>): Promise<{ queued: boolean } | { outcome: 'skipped'; reason: string }> {
    if (job.name !== SEND_RECEIPT_EMAIL_JOB) return { outcome: 'skipped', reason: `unknown job ${job.name}` };
    const send = async () => {
      const queued = await this.mailer.send(job.data);
      this.logger.log({ receiptId: job.data.receiptId, queued }, queued ? 'Receipt email queued' : 'Receipt email not queued: queued before, or no tenant to write to');
      return { queued };
    };
    return isEnvelope(job.data.envelope) ? MessageChain.run(job.data.envelope, send) : send();
  }
}
