import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../infrastructure/clock/clock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { MessageChain, newEnvelope } from '../../../infrastructure/messaging/envelope';
import { Outbox } from '../../../infrastructure/outbox/outbox';
import { IdempotencyKeyReused } from '../contracts/idempotency-key-reused.error';
import { PaymentRecorded } from '../contracts/payment-recorded.event';
import { RecordedRentPayment, RecordRentPayment, RentPayment } from '../contracts/record-rent-payment.command';
import { LedgerEntry } from '../ledger/ledger-entry.entity';
import { insertJournal } from '../ledger/journal-insert';
import { LedgerTransaction } from '../ledger/ledger-transaction.entity';
import { rentPaymentEntries } from '../ledger/rent-payment-entries';
import { rentPaymentInputHash } from '../ledger/rent-payment-input';

@CommandHandler(RecordRentPayment)
export class RecordRentPaymentHandler implements ICommandHandler<RecordRentPayment> {
  private readonly logger = new Logger(RecordRentPaymentHandler.name);

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
  ) {}

  execute(command: RecordRentPayment): Promise<RecordedRentPayment> {
    return MessageChain.run(command.envelope, () => this.record(command));
  }

  private async record({ payment, envelope }: RecordRentPayment): Promise<RecordedRentPayment> {
    const posting = rentPaymentEntries(payment.chargedCents, payment.occurredAt);
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
