import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { EntityManager } from 'typeorm';
import { AppConfig } from '../../../infrastructure/config/app-config';
import type { SendEmailJob } from '../../../infrastructure/mail/send-email.job';
import { Outbox } from '../../../infrastructure/outbox/outbox';
import { CardAttempts } from '../card-payments/card-attempts';
import { GetLandlordTimeZone } from '../contracts/get-landlord-time-zone.query';
import { ReceiptReader } from '../receipts/receipt-reader';
import { bankDebitFailedEmail } from './bank-debit-failed-email';
import { BANK_DEBIT_FAILED_EMAILS_QUEUE, SEND_BANK_DEBIT_FAILED_EMAIL_JOB, SendBankDebitFailedEmailJob } from './send-bank-debit-failed-email.job';

/**
 * The emails when a bank debit fails: one to the tenant, one to the landlord, asked for in the
 * transaction that posts the failure (so once per failure, however often its events come), each
 * composed by its own job from the ledger and the attempt as they are then.
 */
@Injectable()
export class BankDebitFailedMailer {
  constructor(
    private readonly receipts: ReceiptReader,
    private readonly attempts: CardAttempts,
    private readonly queries: QueryBus,
    private readonly outbox: Outbox,
    private readonly config: AppConfig,
  ) {}

  async request(manager: EntityManager, payment: { paymentTransactionId: string; tenantUserId: string; landlordUserId: string }): Promise<void> {
    const job = (recipient: 'tenant' | 'landlord', userId: string) => ({
      queue: BANK_DEBIT_FAILED_EMAILS_QUEUE,
      jobName: SEND_BANK_DEBIT_FAILED_EMAIL_JOB,
      payload: { paymentTransactionId: payment.paymentTransactionId, recipient, userId } satisfies SendBankDebitFailedEmailJob,
    });
    await this.outbox.addAll(manager, [job('tenant', payment.tenantUserId), job('landlord', payment.landlordUserId)]);
  }

  /** The email, or undefined when the payment did not fail after all or there is nobody to write to. */
  async compose(job: SendBankDebitFailedEmailJob): Promise<SendEmailJob | undefined> {
    const [read, attempt] = await Promise.all([
      this.receipts.readWithPeople(job.paymentTransactionId, job.userId),
      this.attempts.byLedgerTransaction(job.paymentTransactionId),
    ]);
    if (!read || attempt?.status !== 'failed') return undefined;
    const person = job.recipient === 'tenant' ? read.tenant : read.landlord;
    if (!person) return undefined;
    const timeZone = await this.queries.execute(new GetLandlordTimeZone(attempt.landlordUserId));
    const url = (path: string) => new URL(path, this.config.env.PUBLIC_URL).toString();
    return bankDebitFailedEmail({
      to: person.email,
      firstName: person.firstName,
      recipient: job.recipient,
      tenantName: read.receipt.paidBy,
      propertyAddress: read.receipt.propertyAddress,
      amountCents: attempt.chargedCents,
      paidAt: attempt.chargedAt ?? attempt.createdAt,
      reason: attempt.failureMessage ?? 'The bank returned this payment.',
      timeZone,
      receiptUrl: url(`/${job.recipient}/payment-receipt/${job.paymentTransactionId}`),
      actionUrl: url(job.recipient === 'tenant' ? '/tenant/payment' : '/landlord/dashboard'),
      publicUrl: this.config.env.PUBLIC_URL,
    });
  }
}
