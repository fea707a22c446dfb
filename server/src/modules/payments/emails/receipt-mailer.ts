import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { EntityManager } from 'typeorm';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { MailQueue } from '../../../infrastructure/mail/mail-queue';
import { GetUser } from '../../accounts/contracts/get-user.query';
import { CardPayment } from '../card-payments/card-payment.entity';
import { ReceiptReader } from '../receipts/receipt-reader';
import { receiptEmail } from './receipt-email';

/** Queues the tenant's receipt through the outbox, in the transaction that records the payment. */
@Injectable()
export class ReceiptMailer {
  constructor(
    private readonly receipts: ReceiptReader,
    private readonly queries: QueryBus,
    private readonly mail: MailQueue,
    private readonly config: AppConfig,
  ) {}

  async send(manager: EntityManager, payment: Pick<CardPayment, 'tenantUserId'>, receiptId: string): Promise<void> {
    const [receipt, tenant] = await Promise.all([
      this.receipts.read(receiptId, payment.tenantUserId),
      this.queries.execute(new GetUser(payment.tenantUserId)),
    ]);
    if (!receipt || !tenant) return;
    const url = new URL(`/tenant/payment-receipt/${receiptId}`, this.config.env.PUBLIC_URL).toString();
    await this.mail.send(manager, receiptEmail(tenant.email, tenant.firstName, receipt, url));
  }
}
