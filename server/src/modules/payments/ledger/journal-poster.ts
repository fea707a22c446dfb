import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Clock } from '../../../infrastructure/clock/clock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import type { Envelope } from '../../../infrastructure/messaging/envelope';
import { IdempotencyKeyReused } from '../contracts/idempotency-key-reused.error';
import { insertJournal } from './journal-insert';
import { LedgerTransaction, LedgerTransactionKind } from './ledger-transaction.entity';
import type { PostingEntry } from './provider-postings';

/** A journal that corrects another (refunds, disputes, failed refunds): it always names what it corrects. */
export interface CorrectingJournal {
  /** A business key of the provider's object: `refund:acct/re_...`, `dispute-txn:acct/txn_...`. */
  idempotencyKey: string;
  kind: Exclude<LedgerTransactionKind, 'rent_payment'>;
  occurredAt: Date;
  corrects: Pick<LedgerTransaction, 'id' | 'tenantUserId' | 'landlordUserId' | 'propertyId' | 'provider'>;
  description: string;
  providerReference: string;
  entries: PostingEntry[];
  envelope: Envelope;
}

/** SHA-256 over the journal's fields in a fixed order, as rentPaymentInputHash does for payments. */
export function correctingJournalHash(journal: Omit<CorrectingJournal, 'envelope'>): string {
  const canonical = JSON.stringify([
    journal.kind,
    journal.occurredAt.toISOString(),
    journal.corrects.id.toLowerCase(),
    journal.description,
    journal.providerReference,
    [...journal.entries].sort((a, b) => a.account.localeCompare(b.account)).map((entry) => [entry.account, entry.amountCents]),
  ]);
  return `v1:${createHash('sha256').update(canonical).digest('hex')}`;
}

/**
 * Posts a correcting journal once under its key, in the running unit of work: the same key with
 * the same input returns the first journal; with other input it throws IdempotencyKeyReused.
 */
@Injectable()
export class JournalPoster {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async post(journal: CorrectingJournal): Promise<{ transactionId: string; created: boolean }> {
    const inputHash = correctingJournalHash(journal);
    return this.unitOfWork.run(async () => {
      const transactionId = await insertJournal(
        this.unitOfWork,
        {
          idempotencyKey: journal.idempotencyKey,
          inputHash,
          kind: journal.kind,
          occurredAt: journal.occurredAt,
          recordedAt: this.clock.now(),
          tenantUserId: journal.corrects.tenantUserId,
          landlordUserId: journal.corrects.landlordUserId,
          propertyId: journal.corrects.propertyId,
          description: journal.description,
          provider: journal.corrects.provider,
          providerReference: journal.providerReference,
          correlationId: journal.envelope.correlationId,
          causationId: journal.envelope.id,
          correctsTransactionId: journal.corrects.id,
        },
        journal.entries,
      );
      if (!transactionId) {
        const existing = await this.unitOfWork.repository(LedgerTransaction).findOneByOrFail({ idempotencyKey: journal.idempotencyKey });
        if (existing.inputHash !== inputHash) throw new IdempotencyKeyReused(journal.idempotencyKey);
        return { transactionId: existing.id, created: false };
      }
      return { transactionId, created: true };
    });
  }
}
