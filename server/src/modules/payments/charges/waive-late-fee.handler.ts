import { ConflictException, NotFoundException } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MESSAGES } from '@rentwise/libs/messages';
import { Clock } from '../../../infrastructure/clock/clock';
import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { newEnvelope } from '../../../infrastructure/messaging/envelope';
import { insertJournal } from '../ledger/journal-insert';
import { LateFeeWaived, WaiveLateFee } from './waive-late-fee.command';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The landlord's own late fee, with what it put in the tenant's receivable. */
const LATE_FEE = preparedStatement<
  { id: string; tenant_user_id: string; property_id: string; description: string; amount_cents: string },
  [journalId: string, landlordUserId: string]
>(
  'payments.landlord-late-fee',
  `SELECT t.id, t.tenant_user_id, t.property_id, t.description, e.amount_cents::text AS amount_cents
     FROM payments.ledger_transactions t
     JOIN payments.ledger_entries e ON e.transaction_id = t.id AND e.account = 'tenant_receivable'
    WHERE t.id = $1 AND t.kind = 'late_fee' AND t.landlord_user_id = $2`,
);

@CommandHandler(WaiveLateFee)
export class WaiveLateFeeHandler implements ICommandHandler<WaiveLateFee> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute({ landlordUserId, lateFeeJournalId, reason }: WaiveLateFee): Promise<LateFeeWaived> {
    const [fee] = UUID.test(lateFeeJournalId) ? await this.unitOfWork.query(LATE_FEE, [lateFeeJournalId, landlordUserId]) : [];
    if (!fee) throw new NotFoundException(MESSAGES.notFound);
    const amountCents = Number(fee.amount_cents);
    const now = this.clock.now();
    const envelope = newEnvelope(now);
    const waiverJournalId = await this.unitOfWork.run(() =>
      insertJournal(
        this.unitOfWork,
        {
          // One waiver per fee: a second (a double click, another tab) finds the key taken.
          idempotencyKey: `late-fee-waiver:${fee.id}`,
          inputHash: null,
          kind: 'late_fee_waiver',
          occurredAt: now,
          recordedAt: now,
          tenantUserId: fee.tenant_user_id,
          landlordUserId,
          propertyId: fee.property_id,
          description: `Late fee waived: ${reason}`,
          provider: 'rentwise',
          providerReference: null,
          correlationId: envelope.correlationId,
          causationId: envelope.id,
          correctsTransactionId: fee.id,
        },
        [
          { account: 'tenant_receivable', amountCents: -amountCents },
          { account: 'late_fees_charged', amountCents },
        ],
      ),
    );
    if (!waiverJournalId) throw new ConflictException(MESSAGES.lateFeeAlreadyWaived);
    return { waiverJournalId, lateFeeJournalId: fee.id, amountCents };
  }
}
