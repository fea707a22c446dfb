import type { ProviderBalanceTransaction } from '../gateways/payment-gateway.port';
import { compareWithLedger, journalKeyOf, type LedgerJournal, nextWindow, type ProviderJournal, providerJournalOf } from './reconciliation-rules';

const account = 'acct_1';
const window = { from: new Date('2024-03-01T00:00:00Z'), to: new Date('2024-03-08T00:00:00Z') };
const at = (day: number) => new Date(`2024-03-${String(day).padStart(2, '0')}T12:00:00Z`);

const line = (kind: ProviderBalanceTransaction['kind'], id: string, sourceId: string, amountCents: number, day = 3): ProviderBalanceTransaction => ({
  balanceTransactionId: id,
  kind,
  amountCents,
  feeCents: 0,
  netCents: amountCents,
  createdAt: at(day),
  sourceId,
  chargeId: sourceId.startsWith('ch_') ? sourceId : null,
});

const journal = (matchKey: string, providerAmountCents: number, day = 3): ProviderJournal => ({
  transactionId: `tx-${matchKey}`,
  matchKey,
  kind: 'rent_payment',
  occurredAt: at(day),
  providerAmountCents,
});

describe('journalKeyOf', () => {
  it('names the journal each kind of balance transaction must have', () => {
    expect(journalKeyOf(account, line('charge', 'txn_1', 'ch_1', 100))).toBe('rent-payment:acct_1/ch_1');
    expect(journalKeyOf(account, line('refund', 'txn_2', 're_1', -100))).toBe('refund:acct_1/re_1');
    expect(journalKeyOf(account, line('refund_failure', 'txn_3', 're_1', 100))).toBe('refund-failure:acct_1/re_1');
    expect(journalKeyOf(account, line('dispute', 'txn_4', 'dp_1', -100))).toBe('dispute-txn:acct_1/txn_4');
    expect(journalKeyOf(account, line('dispute_reversal', 'txn_5', 'dp_1', 100))).toBe('dispute-txn:acct_1/txn_5');
  });

  it('leaves payouts and the provider’s own adjustments out', () => {
    expect(journalKeyOf(account, line('payout', 'txn_6', 'po_1', -100))).toBeNull();
    expect(journalKeyOf(account, line('other', 'txn_7', 'adj_1', -100))).toBeNull();
  });
});

describe('compareWithLedger', () => {
  it('finds nothing when every balance transaction has its journal with the same amount', () => {
    const lines = [line('charge', 'txn_1', 'ch_1', 150_699), line('refund', 'txn_2', 're_1', -50_000)];
    const journals = [journal('rent-payment:acct_1/ch_1', 150_699), journal('refund:acct_1/re_1', -50_000)];
    expect(compareWithLedger(account, lines, journals, window)).toEqual([]);
  });

  it('reports a balance transaction without a journal as a missing journal', () => {
    const [difference] = compareWithLedger(account, [line('charge', 'txn_1', 'ch_1', 150_699)], [], window);
    expect(difference).toMatchObject({ kind: 'missing_journal', reference: 'rent-payment:acct_1/ch_1', balanceTransactionId: 'txn_1', providerAmountCents: 150_699 });
  });

  it('reports a journal the provider has no balance transaction for as an extra journal', () => {
    const [difference] = compareWithLedger(account, [], [journal('refund:acct_1/re_9', -50_000)], window);
    expect(difference).toMatchObject({ kind: 'extra_journal', reference: 'refund:acct_1/re_9', ledgerTransactionId: 'tx-refund:acct_1/re_9', ledgerAmountCents: -50_000 });
  });

  it('reports a journal whose amount is not the provider’s', () => {
    const [difference] = compareWithLedger(account, [line('charge', 'txn_1', 'ch_1', 150_699)], [journal('rent-payment:acct_1/ch_1', 150_000)], window);
    expect(difference).toMatchObject({ kind: 'amount_differs', providerAmountCents: 150_699, ledgerAmountCents: 150_000 });
  });

  it('reports only what lies inside the window, but matches across its edges', () => {
    const lines = [line('charge', 'txn_1', 'ch_1', 100, 9), line('charge', 'txn_2', 'ch_2', 200, 7)];
    // ch_1's balance transaction is after the window, its journal just inside: matched, not extra.
    const journals = [journal('rent-payment:acct_1/ch_1', 100, 7), journal('rent-payment:acct_1/ch_3', 300, 10)];
    expect(compareWithLedger(account, lines, journals, window).map((difference) => [difference.kind, difference.reference])).toEqual([
      ['missing_journal', 'rent-payment:acct_1/ch_2'],
    ]);
  });
});

describe('nextWindow', () => {
  const now = new Date('2024-03-31T04:00:00Z');

  it('looks back a week the first time', () => {
    expect(nextWindow(now, null)).toEqual({ from: new Date('2024-03-24T04:00:00Z'), to: now });
  });

  it('starts two days before the last run ended', () => {
    expect(nextWindow(now, new Date('2024-03-30T04:00:00Z'))).toEqual({ from: new Date('2024-03-28T04:00:00Z'), to: now });
  });

  it('never reaches past the provider’s 30-day event window', () => {
    expect(nextWindow(now, new Date('2024-01-01T00:00:00Z')).from).toEqual(new Date('2024-03-02T04:00:00Z'));
  });
});

describe('bank debits in reconciliation', () => {
  const ledger = (kind: string, idempotencyKey: string, providerAmountCents: number, bankDebit = false, day = 3): LedgerJournal => ({
    transactionId: `tx-${idempotencyKey}`,
    kind,
    idempotencyKey,
    providerReference: `${account}/ch_bd`,
    occurredAt: at(day),
    providerAmountCents,
    bankDebit,
  });
  // Paid on the 1st (clearing, nothing on the balance), settled on the 5th (the charge's balance transaction).
  const sent = ledger('rent_payment', 'rent-payment-bd', 0, true, 1);
  const settled = ledger('bank_debit_settled', `bank-debit-settled:${account}/ch_bd`, 150_000, false, 5);
  const failed = ledger('bank_debit_failed', `bank-debit-failed:${account}/ch_bd`, 150_000, false, 5);
  const journalsOf = (...journals: LedgerJournal[]) => journals.flatMap((journal) => providerJournalOf(journal) ?? []);

  it('leaves a processing debit out: clearing money is not on the landlord’s balance', () => {
    expect(providerJournalOf(sent)).toBeNull();
    expect(compareWithLedger(account, [], journalsOf(sent), window)).toEqual([]);
  });

  it('matches a settled debit’s charge balance transaction with the settlement journal', () => {
    expect(providerJournalOf(settled)).toMatchObject({ matchKey: `rent-payment:${account}/ch_bd`, providerAmountCents: 150_000 });
    expect(compareWithLedger(account, [line('charge', 'txn_bd', 'ch_bd', 150_000, 5)], journalsOf(sent, settled), window)).toEqual([]);
  });

  it('reports a settlement the provider does not show, and a settled charge the ledger has not settled', () => {
    expect(compareWithLedger(account, [], journalsOf(sent, settled), window)).toMatchObject([{ kind: 'extra_journal', reference: `rent-payment:${account}/ch_bd` }]);
    expect(compareWithLedger(account, [line('charge', 'txn_bd', 'ch_bd', 150_000, 5)], journalsOf(sent), window)).toMatchObject([
      { kind: 'missing_journal', reference: `rent-payment:${account}/ch_bd` },
    ]);
  });

  it('compares nothing for a failed debit: no money moved', () => {
    expect(providerJournalOf(failed)).toBeNull();
    expect(compareWithLedger(account, [], journalsOf(sent, failed), window)).toEqual([]);
  });

  it('still compares a card payment by its reference', () => {
    expect(providerJournalOf(ledger('rent_payment', 'k', 150_000))).toMatchObject({ matchKey: `rent-payment:${account}/ch_bd` });
  });
});

describe('rent the landlord recorded in reconciliation (decision 0043)', () => {
  // The reconciler reads only its gateway's journals; were a recorded one read, it would still compare nothing.
  const recorded = (kind: string, idempotencyKey: string): LedgerJournal => ({
    transactionId: `tx-${idempotencyKey}`,
    kind,
    idempotencyKey,
    providerReference: '',
    occurredAt: at(3),
    providerAmountCents: 150_000,
    bankDebit: false,
  });

  it('leaves a recorded payment and its void out: no provider ever held that money', () => {
    expect(providerJournalOf(recorded('recorded_payment', 'recorded-payment:0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d'))).toBeNull();
    expect(providerJournalOf(recorded('recorded_payment_void', 'recorded-payment-void:tx-1'))).toBeNull();
  });
});
