import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AppConfig } from '../../../infrastructure/config/app-config';
import type { SendEmailJob } from '../../../infrastructure/mail/send-email.job';
import { Outbox } from '../../../infrastructure/outbox/outbox';
import { ReceiptReader } from '../receipts/receipt-reader';
import { receiptEmail } from './receipt-email';
import { RECEIPT_EMAILS_QUEUE, SEND_RECEIPT_EMAIL_JOB, SendReceiptEmailJob } from './send-receipt-email.job';

/**
 * The tenant's receipt email. The posting transaction only asks for it (one outbox row beside the
 * payment's event); its own job reads the receipt, renders it and sends it. The receipt's three
 * reads stay out of the transaction that holds the charge's lock, and an email that cannot be
 * rendered never rolls a payment back.
 */
@Injectable()
export class ReceiptMailer {
  constructor(
    private readonly receipts: ReceiptReader,
    private readonly outbox: Outbox,
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

  /** The email of the receipt as the tenant sees it now; undefined when there is no tenant to write to. */
  async compose({ receiptId, tenantUserId }: SendReceiptEmailJob): Promise<SendEmailJob | undefined> {
    const read = await this.receipts.readWithPeople(receiptId, tenantUserId);
    if (!read?.tenant) return undefined;
    const url = new URL(`/tenant/payment-receipt/${receiptId}`, this.config.env.PUBLIC_URL).toString();
    return receiptEmail(read.tenant.email, read.tenant.firstName, read.receipt, url, this.config.env.PUBLIC_URL);
  }
}
