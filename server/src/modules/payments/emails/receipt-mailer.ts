import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { MailQueue } from '../../../infrastructure/mail/mail-queue';
import { Outbox } from '../../../infrastructure/outbox/outbox';
import { ReceiptReader } from '../receipts/receipt-reader';
import { receiptEmail } from './receipt-email';
import { RECEIPT_EMAILS_QUEUE, SEND_RECEIPT_EMAIL_JOB, SendReceiptEmailJob } from './send-receipt-email.job';

/**
 * The tenant's receipt email. The posting transaction only asks for it (one outbox row beside the
 * payment's event); its own job reads the receipt, renders it and queues the email. The receipt's
 * three reads stay out of the transaction that holds the charge's lock, and an email that cannot be
 * rendered never rolls a payment back.
 */
@Injectable()
export class ReceiptMailer {
  constructor(
    private readonly receipts: ReceiptReader,
    private readonly outbox: Outbox,
    private readonly mail: MailQueue,
    private readonly unitOfWork: UnitOfWork,
    private readonly config: AppConfig,
  ) {}

  /** Asks for the receipt's email, in the transaction that posts the payment. */
  async request(manager: EntityManager, receiptId: string, tenantUserId: string): Promise<void> {
    await this.outbox.add<SendReceiptEmailJob>(manager, {
      queue: RECEIPT_EMAILS_QUEUE,
      jobName: SEND_RECEIPT_EMAIL_JOB,
      payload: { receiptId, tenantUserId },
    });
  }

  /**
   * Renders the receipt and queues its email, once per receipt: a second run (a worker killed after
   * the first queued it) finds the receipt in payments.receipt_emails and queues nothing. False when
   * nothing was queued (queued before, or no tenant to write to).
   */
  async send({ receiptId, tenantUserId }: SendReceiptEmailJob): Promise<boolean> {
    const read = await this.receipts.readWithPeople(receiptId, tenantUserId);
    if (!read?.tenant) return false;
    const { receipt, tenant } = read;
    const url = new URL(`/tenant/payment-receipt/${receiptId}`, this.config.env.PUBLIC_URL).toString();
    const queued = await this.mail.sendWith(
      this.unitOfWork.manager,
      {
        steps: `queued AS (INSERT INTO payments.receipt_emails (receipt_id) VALUES ($1) ON CONFLICT (receipt_id) DO NOTHING RETURNING receipt_id)`,
        result: 'queued',
        params: [receiptId],
      },
      receiptEmail(tenant.email, tenant.firstName, receipt, url),
    );
    return queued.length > 0;
  }
}
