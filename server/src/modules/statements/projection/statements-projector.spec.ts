import { compareInJournalOrder } from './statements-projector';
import { type LineRow, toLine } from './statement-lines';

const row = (journalId: string, receivedCents = 150_000): LineRow => ({
  journal_id: journalId,
  kind: 'rent_payment',
  landlord_user_id: '00000000-0000-4000-8000-00000000000a',
  property_id: '00000000-0000-4000-8000-00000000000b',
  tenant_user_id: '00000000-0000-4000-8000-00000000000c',
  occurred_at: '2025-03-05T15:00:00.000Z',
  counts_at: null,
  billing_year: 2025,
  billing_month: 3,
  gross_cents: String(receivedCents),
  platform_fee_cents: '0',
  received_cents: String(receivedCents),
  processing_cents: '0',
  processor_fee_cents: '0',
  charged_cents: String(receivedCents),
  description: 'Rent',
  corrects_journal_id: null,
});
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
async function* each<T>(items: T[]): AsyncGenerator<T> {
  yield* items;
}

describe('compareInJournalOrder', () => {
  it('finds lines missing on either side and lines that differ, live ones first, each in journal order', async () => {
    const live = [row(id(1)), row(id(2)), row(id(4)), row(id(6))];
    const rebuilt = [row(id(2)), row(id(3)), row(id(4), 99), row(id(5)), row(id(6))].map(toLine);
    const { differences, lines } = await compareInJournalOrder(each(live), each(rebuilt));
    expect(lines).toBe(5);
    expect(differences.map(({ journalId, live: before, rebuilt: after }) => [journalId, before !== null, after !== null])).toEqual([
      [id(1), true, false],
      [id(4), true, true],
      [id(3), false, true],
      [id(5), false, true],
    ]);
    expect(differences[1].rebuilt?.receivedCents).toBe(99);
  });

  it('keeps a journal’s first line when the ledger read meets it twice, and finds nothing when both agree', async () => {
    const lines = [row(id(1)), row(id(2))];
    const twice = [row(id(1)), row(id(2)), row(id(2), 1)].map(toLine);
    expect(await compareInJournalOrder(each(lines), each(twice))).toEqual({ differences: [], lines: 2 });
    expect(await compareInJournalOrder(each([]), each([]))).toEqual({ differences: [], lines: 0 });
  });
});
