import { AccountDifference, LISTED_DIFFERENCES, reconciliationEmail } from './reconciliation-email';

const difference = (index: number): AccountDifference => ({
  accountId: 'acct_1',
  kind: 'amount_differs',
  reference: `rent-payment:acct_1/ch_${index}`,
  balanceTransactionId: `txn_${index}`,
  ledgerTransactionId: null,
  providerAmountCents: 150_699,
  ledgerAmountCents: 150_000,
  occurredAt: new Date('2026-11-20T14:05:00Z'),
});

const email = (differences: AccountDifference[]) =>
  reconciliationEmail({ to: 'ops@example.com', firstName: 'Olive <b>', provider: 'stripe', accounts: 1, differences, pageUrl: 'https://app.example/operator/reconciliation', publicUrl: 'https://app.example' });

describe('reconciliationEmail', () => {
  it('names one difference in the singular, with both amounts and when, and links to the operator page', () => {
    const sent = email([difference(1)]);
    expect(sent.subject).toBe('Reconciliation: 1 difference between Stripe and the ledger');
    expect(sent.text).toContain('- Different amount: rent-payment:acct_1/ch_1 (account acct_1), Stripe $1,506.99, ledger $1,500.00, 2026-11-20 14:05 UTC');
    expect(sent.text).toContain('Open the reconciliation page: https://app.example/operator/reconciliation');
    expect(sent.html).toContain('href="https://app.example/operator/reconciliation"');
  });

  it('escapes what it puts in the HTML', () => {
    expect(email([difference(1)]).html).toContain('Hi Olive &#60;b&#62;,');
  });

  it(`lists at most ${LISTED_DIFFERENCES} differences and says how many more are on the page`, () => {
    const sent = email(Array.from({ length: LISTED_DIFFERENCES + 3 }, (_, index) => difference(index)));
    expect(sent.subject).toBe(`Reconciliation: ${LISTED_DIFFERENCES + 3} differences between Stripe and the ledger`);
    expect(sent.text.match(/^- Different amount/gm)).toHaveLength(LISTED_DIFFERENCES);
    expect(sent.text).toContain('- and 3 more on the page');
    expect(sent.html).toMatch(/<li [^>]*>and 3 more on the page<\/li>/);
  });
});
