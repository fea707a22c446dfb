import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { EntityManager } from 'typeorm';
import { AppConfig } from '../../../infrastructure/config/app-config';
import type { SendEmailJob } from '../../../infrastructure/mail/send-email.job';
import { Outbox } from '../../../infrastructure/outbox/outbox';
import { GetLandlordTimeZone } from '../contracts/get-landlord-time-zone.query';
import { ReceiptReader } from '../receipts/receipt-reader';
import { PaymentCorrectionsReader } from '../refund-disputes/payment-corrections-reader';
import { disputedAfterRefundEmail } from './disputed-after-refund-email';
import {
  DISPUTED_AFTER_REFUND_EMAILS_QUEUE,
  SEND_DISPUTED_AFTER_REFUND_EMAIL_JOB,
  SendDisputedAfterRefundEmailJob,
} from './send-disputed-after-refund-email.job';

/**
 * The landlord's email when a refunded payment is disputed. The transaction that posts the dispute's
 * first withdrawal asks for it (one outbox row, so once per dispute however often its events come);
 * its own job reads the ledger as it is then and sends it, as the receipt email does (decision 0022).
 */
@Injectable()
export class DisputedAfterRefundMailer {
  constructor(
    private readonly receipts: ReceiptReader,
    private readonly corrections: PaymentCorrectionsReader,
    private readonly queries: QueryBus,
    private readonly outbox: Outbox,
    private readonly config: AppConfig,
  ) {}

  /** Asks for the email, in the transaction that posts the dispute. */
  async request(manager: EntityManager, job: SendDisputedAfterRefundEmailJob): Promise<void> {
    await this.outbox.add<SendDisputedAfterRefundEmailJob>(manager, {
      queue: DISPUTED_AFTER_REFUND_EMAILS_QUEUE,
      jobName: SEND_DISPUTED_AFTER_REFUND_EMAIL_JOB,
      payload: job,
    });
  }

  /**
   * The email as the ledger stands now; undefined when there is nothing to tell (the payment is not,
   * or no longer, disputed after a refund: nothing left to answer) or no landlord to write to.
   */
  async compose(job: SendDisputedAfterRefundEmailJob): Promise<SendEmailJob | undefined> {
    const [flagged, read, timeZone] = await Promise.all([
      this.corrections.disputedAfterRefund([job.paymentTransactionId]),
      this.receipts.readWithPeople(job.paymentTransactionId, job.landlordUserId),
      this.queries.execute(new GetLandlordTimeZone(job.landlordUserId)),
    ]);
    const flag = flagged.get(job.paymentTransactionId);
    if (!flag || !read?.landlord) return undefined;
    const url = (path: string) => new URL(path, this.config.env.PUBLIC_URL).toString();
    return disputedAfterRefundEmail({
      to: read.landlord.email,
      firstName: read.landlord.firstName,
      tenantName: read.receipt.paidBy,
      propertyAddress: read.receipt.propertyAddress,
      paidAt: new Date(read.receipt.paidAt),
      flag,
      disputeId: job.disputeId,
      evidenceDueBy: job.evidenceDueBy ? new Date(job.evidenceDueBy) : null,
      timeZone,
      receiptUrl: url(`/landlord/payment-receipt/${job.paymentTransactionId}`),
      dashboardUrl: url('/landlord/dashboard'),
      publicUrl: this.config.env.PUBLIC_URL,
    });
  }
}
