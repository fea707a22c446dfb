import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { MailQueue } from '../../../infrastructure/mail/mail-queue';
import { CardPayment } from '../card-payments/card-payment.entity';
import { ReceiptReader } from '../receipts/receipt-reader';
import { receiptEmail } from './receipt-email';

/** Queues the tenant's receipt through the outbox, in the transaction that records the payment. */
@Injectable()
export class ReceiptMailer {
  constructor(
    private readonly receipts: ReceiptReader,
    private readonly mail: MailQueue,
    private readonly config: AppConfig,
  ) {}

  async send(manager: EntityManager, payment: Pick<CardPayment, 'tenantUserId'>, receiptId: string): Promise<void> {
    const read = await this.receipts.readWithPeople(receiptId, payment.tenantUserId);
    if (!read?.tenant) return;
    const { receipt, tenant } = read;
    const url = new URL(`/tenant/payment-receipt/${receiptId}`, this.config.env.PUBLIC_URL).toString();
    await this.mail.send(manager, receiptEmail(tenant.email, tenant.firstName, receipt, url));
  }
}
