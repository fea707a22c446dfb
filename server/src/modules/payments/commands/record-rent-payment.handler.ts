import { CommandHandler, EventBus, ICommandHandler } from '@nestjs/cqrs';
import { landlordReceivesCents } from '@rentwise/libs/fees';
import { assertCents } from '@rentwise/libs/money';
import { Clock } from '../../../infrastructure/clock/clock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { PaymentRecorded } from '../contracts/payment-recorded.event';
import { RecordRentPayment } from '../contracts/record-rent-payment.command';
import { LedgerEntry } from '../ledger/ledger-entry.entity';
import { LedgerTransaction } from '../ledger/ledger-transaction.entity';

@CommandHandler(RecordRentPayment)
export class RecordRentPaymentHandler implements ICommandHandler<RecordRentPayment> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly events: EventBus,
    private readonly clock: Clock,
  ) {}

  async execute({ payment }: RecordRentPayment): Promise<{ transactionId: string; created: boolean }> {
    const charged = assertCents(payment.chargedCents);
    if (charged <= 0) throw new RangeError('A rent payment must be more than zero');
    const landlordShare = landlordReceivesCents(charged, Math.floor(payment.occurredAt.getTime() / 1000));

    const result = await this.unitOfWork.run(async () => {
      const transactions = this.unitOfWork.repository(LedgerTransaction);
      const inserted = await transactions
        .createQueryBuilder()
        .insert()
        .values({ ...payment, kind: 'rent_payment', recordedAt: this.clock.now(), correctsTransactionId: null })
        .orIgnore()
        .returning(['id'])
        .execute();
      if (!inserted.raw.length) {
        const existing = await transactions.findOneByOrFail({ idempotencyKey: payment.idempotencyKey });
        return { transactionId: existing.id, created: false };
      }
      const transactionId = (inserted.raw as { id: string }[])[0].id;
      const entries: Pick<LedgerEntry, 'transactionId' | 'account' | 'amountCents'>[] = [
        { transactionId, account: 'tenant_card', amountCents: -charged },
        { transactionId, account: 'landlord_payable', amountCents: landlordShare },
      ];
      if (charged > landlordShare) {
        entries.push({ transactionId, account: 'processing_fees', amountCents: charged - landlordShare });
      }
      await this.unitOfWork.repository(LedgerEntry).insert(entries);
      return { transactionId, created: true };
    });

    if (result.created) {
      this.events.publish(
        new PaymentRecorded(
          result.transactionId,
          payment.propertyId,
          payment.tenantUserId,
          payment.landlordUserId,
          charged,
          landlordShare,
          payment.occurredAt,
        ),
      );
    }
    return result;
  }
}
