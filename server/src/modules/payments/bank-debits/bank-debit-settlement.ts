import { Injectable, Logger } from '@nestjs/common';
import { bankDebitFailureReason, blocksBankAccount } from '@rentwise/libs/bank-debits';
import { Clock } from '../../../infrastructure/clock/clock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { MessageChain, newEnvelope } from '../../../infrastructure/messaging/envelope';
import { Outbox } from '../../../infrastructure/outbox/outbox';
import { BankAccounts } from '../bank-accounts/bank-accounts';
import { Mandates } from '../bank-accounts/mandates';
import { CardAttempts, type SentAttempt } from '../card-payments/card-attempts';
import type { CardPayment } from '../card-payments/card-payment.entity';
import { ChargeSettlement, ledgerProviderOf } from '../card-payments/charge-settlement';
import { BankDebitFailedMailer } from '../emails/bank-debit-failed-mailer';
import { ReceiptMailer } from '../emails/receipt-mailer';
import type { BankDebit, ProviderCharge } from '../gateways/payment-gateway.port';
import { JournalPoster } from '../ledger/journal-poster';
import { LedgerTransaction } from '../ledger/ledger-transaction.entity';
import { bankDebitFailedEntries, bankDebitSettledEntries } from '../ledger/rent-payment-entries';
import { RentPaymentJournal } from '../ledger/rent-payment-journal';

/** A debit as the synchronous answer or a later re-read of its charge reports it. */
type SentDebit = Pick<BankDebit, 'connectedAccountId' | 'paymentIntentId' | 'chargeId' | 'amountCents' | 'chargedAt'> & { mandateId?: string | null };

/**
 * A bank debit's journals (decision 0037), each once whichever of PayRent's answer and the
 * provider's events comes first, under the charge's advisory lock: sent (the clearing journal, dated
 * when the tenant paid, with the receipt email), then settled or failed (one of the two, ever).
 */
@Injectable()
export class BankDebitSettlement {
  private readonly logger = new Logger(BankDebitSettlement.name);

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly journal: RentPaymentJournal,
    private readonly journals: JournalPoster,
    private readonly charges: ChargeSettlement,
    private readonly attempts: CardAttempts,
    private readonly accounts: BankAccounts,
    private readonly mandates: Mandates,
    private readonly receipts: ReceiptMailer,
    private readonly outbox: Outbox,
    private readonly failures: BankDebitFailedMailer,
    private readonly clock: Clock,
  ) {}

  /** Posts the sent debit's clearing journal once and marks the attempt processing (unless an event got further first). */
  async recordProcessing(attempt: CardPayment, debit: SentDebit): Promise<{ created: boolean; attempt: CardPayment }> {
    return this.unitOfWork.run(async (manager) => {
      await this.charges.lockCharge(debit.connectedAccountId, debit.chargeId);
      const { transactionId, created } = await this.journal.record(
        {
          idempotencyKey: `card-payment:${attempt.id}`,
          occurredAt: debit.chargedAt,
          tenantUserId: attempt.tenantUserId,
          landlordUserId: attempt.landlordUserId,
          propertyId: attempt.propertyId,
          chargedCents: debit.amountCents,
          description: attempt.description,
          provider: ledgerProviderOf(attempt.provider),
          providerReference: `${debit.connectedAccountId}/${debit.chargeId}`,
          clearing: true,
        },
        newEnvelope(debit.chargedAt, MessageChain.current()),
      );
      const sent: SentAttempt = {
        paymentIntentId: debit.paymentIntentId,
        chargeId: debit.chargeId,
        chargedAt: debit.chargedAt,
        ledgerTransactionId: transactionId,
        updatedAt: this.clock.now(),
      };
      if (attempt.mandateId && debit.mandateId) await this.mandates.linkProviderMandate(attempt.mandateId, debit.mandateId);
      if (created) await this.receipts.request(manager, transactionId, attempt.tenantUserId);
      // Last, so the receipt request is written with it.
      const marked = await this.outbox.writeWithPending(manager, this.attempts.processingChange(attempt.id, sent));
      if (created) this.logger.log({ cardPaymentId: attempt.id, transactionId, chargeId: debit.chargeId }, 'Bank debit sent');
      // Not marked: an event had got further first, and the attempt is as it stands.
      return { created, attempt: marked.length === 1 ? { ...attempt, ...sent, status: 'processing' } : (await this.attempts.byId(attempt.id))! };
    });
  }

  /**
   * Brings a bank debit's journals up to its charge at the provider: sent, then settled or failed.
   * The caller holds the charge's lock (ChargeCorrections.syncCharge). The sent journal's id, for
   * the refunds and disputes that correct it.
   */
  async sync(attempt: CardPayment, charge: ProviderCharge): Promise<string> {
    const sent = await this.recordProcessing(attempt, {
      connectedAccountId: charge.accountId,
      paymentIntentId: charge.paymentIntentId ?? attempt.paymentIntentId ?? '',
      chargeId: charge.chargeId,
      amountCents: charge.amountCents,
      chargedAt: charge.chargedAt,
      // Links the provider's mandate when PayRent's own answer was lost, so its mandate.updated finds it.
      mandateId: charge.mandateId ?? null,
    });
    const payment = await this.unitOfWork.repository(LedgerTransaction).findOneByOrFail({ id: sent.attempt.ledgerTransactionId! });
    if (sent.attempt.status !== 'processing') return payment.id;
    if (charge.status === 'succeeded') await this.settle(sent.attempt, charge, payment);
    if (charge.status === 'failed') await this.fail(sent.attempt, charge, payment);
    return payment.id;
  }

  private async settle(attempt: CardPayment, charge: ProviderCharge, payment: LedgerTransaction): Promise<void> {
    const settledAt = this.clock.now();
    await this.journals.post({
      idempotencyKey: `bank-debit-settled:${charge.accountId}/${charge.chargeId}`,
      kind: 'bank_debit_settled',
      occurredAt: settledAt,
      corrects: payment,
      description: `Settled: ${payment.description}`,
      providerReference: `${charge.accountId}/${charge.chargeId}`,
      entries: bankDebitSettledEntries(charge.amountCents, payment.occurredAt),
      envelope: newEnvelope(settledAt, MessageChain.current()),
    });
    await this.attempts.markSettled(
      attempt.id,
      { balanceTransactionId: charge.balanceTransactionId, processorFeeCents: charge.processorFeeCents, settledAt },
      settledAt,
    );
    this.logger.log({ cardPaymentId: attempt.id, chargeId: charge.chargeId }, 'Bank debit settled');
  }

  private async fail(attempt: CardPayment, charge: ProviderCharge, payment: LedgerTransaction): Promise<void> {
    const failedAt = this.clock.now();
    const failureCode = charge.failureCode ?? 'generic';
    await this.journals.post({
      idempotencyKey: `bank-debit-failed:${charge.accountId}/${charge.chargeId}`,
      kind: 'bank_debit_failed',
      occurredAt: failedAt,
      corrects: payment,
      description: `Failed: ${payment.description}`,
      providerReference: `${charge.accountId}/${charge.chargeId}`,
      entries: bankDebitFailedEntries(charge.amountCents),
      envelope: newEnvelope(failedAt, MessageChain.current()),
    });
    await this.attempts.markFailed(attempt.id, { failureCode, failureMessage: bankDebitFailureReason(failureCode) }, failedAt);
    if (blocksBankAccount(failureCode)) await this.accounts.block(charge.accountId, attempt.paymentMethodId, failureCode);
    await this.failures.request(this.unitOfWork.manager, { paymentTransactionId: payment.id, tenantUserId: attempt.tenantUserId, landlordUserId: attempt.landlordUserId });
    this.logger.log({ cardPaymentId: attempt.id, chargeId: charge.chargeId, failureCode }, 'Bank debit failed');
  }
}
