import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { type BankDebitParties, postJournal } from './bank-debit-journals';

/**
 * A month's rent charge or a late fee (decision 0039) as the charges job posts it, written by hand for
 * the statements' tests: the tenant's receivable up by the amount, dated the charge's day.
 */
export async function chargeRent(
  dataSource: DataSource,
  parties: BankDebitParties,
  chargedAt: string,
  cents: number,
  kind: 'rent_charge' | 'late_fee' = 'rent_charge',
): Promise<string> {
  return dataSource.transaction((manager) =>
    postJournal(
      manager,
      { key: `${kind}:test-${randomUUID()}`, kind, at: new Date(chargedAt), parties, provider: 'rentwise', reference: '', corrects: null },
      [
        ['tenant_receivable', cents],
        [kind === 'rent_charge' ? 'rent_charged' : 'late_fees_charged', -cents],
      ],
    ),
  );
}
