import { BadRequestException, Logger, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { startOfLocalDay } from '@rentwise/libs/billing-month';
import { MESSAGES } from '@rentwise/libs/messages';
import { receivedOnProblem, recordedPaymentDescription } from '@rentwise/libs/recorded-payments';
import type { RecordedPaymentInput } from '@rentwise/libs/schemas/recorded-payment.schema';
import { tenantLedgerLineDate } from '@rentwise/libs/tenant-balance';
import { createHash } from 'node:crypto';
import { Clock } from '../../../infrastructure/clock/clock';
import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { newEnvelope } from '../../../infrastructure/messaging/envelope';
import { Outbox } from '../../../infrastructure/outbox/outbox';
import { GetLandlordTenancy } from '../../tenants/contracts/get-landlord-tenancy.query';
import { GetLandlordTimeZone } from '../contracts/get-landlord-time-zone.query';
import { PaymentRecorded } from '../contracts/payment-recorded.event';
import { insertJournal } from '../ledger/journal-insert';
import { LedgerTransaction } from '../ledger/ledger-transaction.entity';
import { PaymentReceivedRecorded, RecordPaymentReceived } from './record-payment-received.command';
import { recordedPaymentEntries } from './recorded-payment-entries';

/** The journal's provider: nobody's but the landlord's (reconciliation reads only a gateway's journals). */
export const RECORDED_BY_LANDLORD_PROVIDER = 'landlord';

const INSERT_RECORDED_PAYMENT = preparedStatement<
  never,
  [transactionId: string, method: string, reference: string | null, receivedOn: string, recordedByUserId: string, recordedAt: Date]
>(
  'payments.insert-recorded-payment',
  `INSERT INTO payments.recorded_payments (transaction_id, method, reference, received_on, recorded_by_user_id, recorded_at)
   VALUES ($1, $2, $3, $4, $5, $6)`,
);

/** SHA-256 over what was recorded, in a fixed order: the same key with other input is refused. */
function recordedPaymentInputHash(landlordUserId: string, payment: RecordedPaymentInput): string {
  const canonical = JSON.stringify([
    'recorded_payment',
    landlordUserId.toLowerCase(),
    payment.propertyId.toLowerCase(),
    payment.tenantUserId.toLowerCase(),
    payment.receivedOn,
    payment.amountCents,
    payment.method,
    payment.reference,
  ]);
  return `v1:${createHash('sha256').update(canonical).digest('hex')}`;
}

@CommandHandler(RecordPaymentReceived)
export class RecordPaymentReceivedHandler implements ICommandHandler<RecordPaymentReceived> {
  private readonly logger = new Logger(RecordPaymentReceivedHandler.name);

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
    private readonly queries: QueryBus,
  ) {}

  async execute({ landlordUserId, payment }: RecordPaymentReceived): Promise<PaymentReceivedRecorded> {
    const tenancy = await this.queries.execute(new GetLandlordTenancy(landlordUserId, payment.propertyId, payment.tenantUserId));
    if (!tenancy) throw new NotFoundException(MESSAGES.notFound);
    const timeZone = await this.queries.execute(new GetLandlordTimeZone(landlordUserId));
    const now = this.clock.now();
    const problem = receivedOnProblem(payment.receivedOn, {
      today: tenantLedgerLineDate(now.toISOString(), timeZone),
      tenancyStartedOn: tenantLedgerLineDate(tenancy.startedAt, timeZone),
    });
    if (problem) throw new BadRequestException(problem);

    // The first moment of the day received on the landlord's calendar: its billing month by the
    // 10th-of-month cut-off, like any payment's, and never later than now.
    const [year, month, day] = payment.receivedOn.split('-').map(Number);
    const occurredAt = startOfLocalDay(year, month, day, timeZone);
    const idempotencyKey = `recorded-payment:${payment.idempotencyKey}`;
    const inputHash = recordedPaymentInputHash(landlordUserId, payment);
    const envelope = newEnvelope(occurredAt);

    const result = await this.unitOfWork.run(async (manager): Promise<PaymentReceivedRecorded> => {
      const receiptId = await insertJournal(
        this.unitOfWork,
        {
          idempotencyKey,
          inputHash,
          kind: 'recorded_payment',
          occurredAt,
          recordedAt: now,
          tenantUserId: payment.tenantUserId,
          landlordUserId,
          propertyId: payment.propertyId,
          description: recordedPaymentDescription(payment.method, payment.reference),
          provider: RECORDED_BY_LANDLORD_PROVIDER,
          providerReference: null,
          correlationId: envelope.correlationId,
          causationId: envelope.id,
          correctsTransactionId: null,
        },
        recordedPaymentEntries(payment.amountCents),
      );
      if (!receiptId) {
        const existing = await this.unitOfWork.repository(LedgerTransaction).findOneByOrFail({ idempotencyKey });
        if (existing.inputHash !== inputHash) throw new UnprocessableEntityException(MESSAGES.paymentAttemptReused);
        return { receiptId: existing.id, created: false };
      }
      await this.unitOfWork.query(INSERT_RECORDED_PAYMENT, [receiptId, payment.method, payment.reference, payment.receivedOn, landlordUserId, now]);
      // Wakes the statements projector, as any payment reaching the ledger does.
      await this.outbox.publish(
        manager,
        new PaymentRecorded(
          newEnvelope(occurredAt, envelope),
          receiptId,
          payment.propertyId,
          payment.tenantUserId,
          landlordUserId,
          payment.amountCents,
          payment.amountCents,
          occurredAt.toISOString(),
        ),
      );
      return { receiptId, created: true };
    });
    this.logger.log({ receiptId: result.receiptId, created: result.created, method: payment.method }, 'Payment recorded by the landlord');
    return result;
  }
}
