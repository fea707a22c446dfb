import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../../infrastructure/clock/clock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { Envelope, MessageChain, newEnvelope } from '../../../infrastructure/messaging/envelope';
import { Outbox } from '../../../infrastructure/outbox/outbox';
import { IdempotencyKeyReused } from '../contracts/idempotency-key-reused.error';
import { PaymentRecorded } from '../contracts/payment-recorded.event';
import { RecordedRentPayment, RentPayment } from '../contracts/record-rent-payment.command';
import { LedgerEntry } from './ledger-entry.entity';
import { insertJournal } from './journal-insert';
import { LedgerTransaction } from './ledger-transaction.entity';
import { bankDebitSentEntries, rentPaymentEntries } from './rent-payment-entries';
import { rentPaymentInputHash } from './rent-payment-input';

/**
 * Posts a rent payment's journal: the tenant's charge, the landlord's share and the fee of its era,
 * once per idempotency key, with its PaymentRecorded event in the same transaction. Card payments
 * post here from ChargeSettlement; the RecordRentPayment command (the seed's imports) too.
 */
@Injectable()
export class RentPaymentJournal {
  private readonly logger = new Logger(RentPaymentJournal.name);

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
  ) {}

  /** `envelope` is the posting's own: the journal is caused by it, and its event by the chain it starts. */
  record(payment: RentPayment, envelope: Envelope): Promise<RecordedRentPayment> {
    return MessageChain.run(envelope, () => this.post(payment, envelope));
  }

  private async post(payment: RentPayment, envelope: Envelope): Promise<RecordedRentPayment> {
    const posting = payment.clearing ? bankDebitSentEntries(payment.chargedCents) : rentPaymentEntries(payment.chargedCents, payment.occurredAt);
    const inputHash = rentPaymentInputHash(payment);

    const result = await this.unitOfWork.run(async (manager) => {
      const transactionId = await insertJournal(
        this.unitOfWork,
        {
          ...payment,
          inputHash,
          kind: 'rent_payment',
          recordedAt: this.clock.now(),
          correlationId: envelope.correlationId,
          causationId: envelope.id,
          correctsTransactionId: null,
        },
        posting.entries,
      );
      if (!transactionId) {
        const existing = await this.unitOfWork.repository(LedgerTransaction).findOneByOrFail({ idempotencyKey: payment.idempotencyKey });
        if ((existing.inputHash ?? (await this.hashOfOlderRow(existing))) !== inputHash) {
          throw new IdempotencyKeyReused(payment.idempotencyKey);
        }
        return { transactionId: existing.id, created: false };
      }
      await this.outbox.publish(
        manager,
        new PaymentRecorded(
          newEnvelope(payment.occurredAt, envelope),
          transactionId,
          payment.propertyId,
          payment.tenantUserId,
          payment.landlordUserId,
          payment.chargedCents,
          posting.landlordReceivesCents,
          payment.occurredAt.toISOString(),
        ),
      );
      return { transactionId, created: true };
    });
    this.logger.log(
      { transactionId: result.transactionId, created: result.created, idempotencyKey: payment.idempotencyKey },
      result.created ? 'Rent payment recorded' : 'Rent payment already recorded under this key',
    );
    return result;
  }

  /** Rows written before the hash column are judged by their stored fields, hashed the same way. */
  private async hashOfOlderRow(transaction: LedgerTransaction): Promise<string> {
    const card = await this.unitOfWork
      .repository(LedgerEntry)
      .findOneByOrFail({ transactionId: transaction.id, account: 'tenant_card' });
    return rentPaymentInputHash({
      ...transaction,
      provider: transaction.provider as RentPayment['provider'],
      chargedCents: -card.amountCents,
    });
  }
}
