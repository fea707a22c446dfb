import { ConflictException, NotFoundException } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MESSAGES } from '@rentwise/libs/messages';
import { recordedPaymentVoidDescription } from '@rentwise/libs/recorded-payments';
import { Clock } from '../../../infrastructure/clock/clock';
import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { newEnvelope } from '../../../infrastructure/messaging/envelope';
import { insertJournal } from '../ledger/journal-insert';
import { RECORDED_BY_LANDLORD_PROVIDER } from './record-payment-received.handler';
import { recordedPaymentVoidEntries } from './recorded-payment-entries';
import { RecordedPaymentVoided, VoidRecordedPayment } from './void-recorded-payment.command';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The landlord's own recorded payment, with what the tenant paid. */
const RECORDED_PAYMENT = preparedStatement<
  { id: string; tenant_user_id: string; property_id: string; amount_cents: string },
  [receiptId: string, landlordUserId: string]
>(
  'payments.landlord-recorded-payment',
  `SELECT t.id, t.tenant_user_id, t.property_id, (-e.amount_cents)::text AS amount_cents
     FROM payments.ledger_transactions t
     JOIN payments.ledger_entries e ON e.transaction_id = t.id AND e.account = 'tenant_card'
    WHERE t.id = $1 AND t.kind = 'recorded_payment' AND t.landlord_user_id = $2`,
);

const INSERT_VOID = preparedStatement<
  never,
  [paymentTransactionId: string, voidTransactionId: string, reason: string, voidedByUserId: string, voidedAt: Date]
>(
  'payments.insert-recorded-payment-void',
  `INSERT INTO payments.recorded_payment_voids (payment_transaction_id, void_transaction_id, reason, voided_by_user_id, voided_at)
   VALUES ($1, $2, $3, $4, $5)`,
);

@CommandHandler(VoidRecordedPayment)
export class VoidRecordedPaymentHandler implements ICommandHandler<VoidRecordedPayment> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute({ landlordUserId, receiptId, reason }: VoidRecordedPayment): Promise<RecordedPaymentVoided> {
    const [payment] = UUID.test(receiptId) ? await this.unitOfWork.query(RECORDED_PAYMENT, [receiptId, landlordUserId]) : [];
    if (!payment) throw new NotFoundException(MESSAGES.notFound);
    const amountCents = Number(payment.amount_cents);
    const now = this.clock.now();
    const envelope = newEnvelope(now);
    const voidJournalId = await this.unitOfWork.run(async () => {
      // Dated now, a new line of the ledger: the tenant owes the money again from today, not before.
      const journalId = await insertJournal(
        this.unitOfWork,
        {
          // One void per payment: a second (a double click, another tab) finds the key taken.
          idempotencyKey: `recorded-payment-void:${payment.id}`,
          inputHash: null,
          kind: 'recorded_payment_void',
          occurredAt: now,
          recordedAt: now,
          tenantUserId: payment.tenant_user_id,
          landlordUserId,
          propertyId: payment.property_id,
          description: recordedPaymentVoidDescription(reason),
          provider: RECORDED_BY_LANDLORD_PROVIDER,
          providerReference: null,
          correlationId: envelope.correlationId,
          causationId: envelope.id,
          correctsTransactionId: payment.id,
        },
        recordedPaymentVoidEntries(amountCents),
      );
      if (journalId) await this.unitOfWork.query(INSERT_VOID, [payment.id, journalId, reason, landlordUserId, now]);
      return journalId;
    });
    if (!voidJournalId) throw new ConflictException(MESSAGES.recordedPaymentAlreadyVoided);
    return { voidJournalId, receiptId: payment.id, amountCents };
  }
}
