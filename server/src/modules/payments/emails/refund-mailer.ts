import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { EntityManager } from 'typeorm';
import { AppConfig } from '../../../infrastructure/config/app-config';
import type { SendEmailJob } from '../../../infrastructure/mail/send-email.job';
import { Outbox } from '../../../infrastructure/outbox/outbox';
import { GetLandlordTimeZone } from '../contracts/get-landlord-time-zone.query';
import { ReceiptReader } from '../receipts/receipt-reader';
import { RefundAttempts } from '../refunds/refund-attempts';
import { refundEmail } from './refund-email';
import { REFUND_EMAILS_QUEUE, SEND_REFUND_EMAIL_JOB, SendRefundEmailJob } from './send-refund-email.job';

/**
 * The tenant's email about a refund from Rentwise: asked for in the transaction that writes the
 * provider's answer (so once per refund), composed by its own job from the refund and the receipt.
 */
@Injectable()
export class RefundMailer {
  constructor(
    private readonly receipts: ReceiptReader,
    private readonly refunds: RefundAttempts,
    private readonly queries: QueryBus,
    private readonly outbox: Outbox,
    private readonly config: AppConfig,
  ) {}

  async request(manager: EntityManager, job: SendRefundEmailJob): Promise<void> {
    await this.outbox.add<SendRefundEmailJob>(manager, { queue: REFUND_EMAILS_QUEUE, jobName: SEND_REFUND_EMAIL_JOB, payload: job });
  }

  /** The email, or undefined when the refund failed after all or there is no tenant to write to. */
  async compose(job: SendRefundEmailJob): Promise<SendEmailJob | undefined> {
    const [refund, read] = await Promise.all([this.refunds.byId(job.refundId), this.receipts.readWithPeople(job.receiptId, job.tenantUserId)]);
    if (!refund || refund.status === 'failed' || refund.status === 'requested' || !read?.tenant) return undefined;
    const timeZone = await this.queries.execute(new GetLandlordTimeZone(refund.landlordUserId));
    return refundEmail({
      to: read.tenant.email,
      firstName: read.tenant.firstName,
      landlordName: read.receipt.paidTo,
      refundedCents: refund.amountCents,
      chargedCents: read.receipt.amountCents,
      paidAt: new Date(read.receipt.paidAt),
      reason: refund.reason,
      remainingCents: read.receipt.amountCents - read.receipt.refundedCents,
      paymentMethod: read.receipt.paymentMethod,
      timeZone,
      receiptUrl: new URL(`/tenant/payment-receipt/${job.receiptId}`, this.config.env.PUBLIC_URL).toString(),
      publicUrl: this.config.env.PUBLIC_URL,
    });
  }
}
