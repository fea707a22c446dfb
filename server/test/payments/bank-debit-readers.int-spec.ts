import { BANK_DEBIT_FAILURES } from '@rentwise/libs/bank-debits';
import { landlordReceivesCents } from '@rentwise/libs/fees';
import { randomUUID } from 'node:crypto';
import { PaymentGateway, type ProviderBalanceTransaction } from '../../src/modules/payments/gateways/payment-gateway.port';
import { ProviderReconciler } from '../../src/modules/payments/reconciliation/provider-reconciler';
import { signedInUser } from '../support/accounts';
import { failBankDebit, sendBankDebit, settleBankDebit } from '../support/bank-debit-journals';
import { startTestApp, TestApp } from '../support/test-app';

/** Decision 0037: receipts, the tenant's history and reconciliation read a bank debit's journals. */
describe('bank debits in receipts, histories and reconciliation', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.close());
  afterEach(() => jest.restoreAllMocks());

  const charged = 150_000;
  const people = async () => {
    const tenant = await signedInUser(testApp, { type: 'tenant' });
    const landlord = await signedInUser(testApp);
    return { tenant, landlord, parties: { tenantUserId: tenant.userId, landlordUserId: landlord.userId, propertyId: randomUUID() } };
  };
  const history = async (tenant: { headers: Record<string, string> }) =>
    (await testApp.request({ method: 'GET', url: '/api/tenant/payments', headers: tenant.headers })).json().rows;
  const receipt = async (who: { headers: Record<string, string> }, role: 'tenant' | 'landlord', receiptId: string) =>
    (await testApp.request({ method: 'GET', url: `/api/${role}/payments/${receiptId}`, headers: who.headers })).json().receipt;

  it('is Processing until the bank answers, then Paid with the landlord’s settled share', async () => {
    const { tenant, landlord, parties } = await people();
    const sent = await sendBankDebit(testApp.dataSource, parties, { paidAt: '2026-11-02T15:00:00Z', chargedCents: charged, attempt: true });
    expect(await history(tenant)).toEqual([expect.objectContaining({ receiptId: sent.journalId, status: 'processing', failureReason: null })]);
    expect(await receipt(tenant, 'tenant', sent.journalId)).toMatchObject({
      status: 'Processing',
      amountCents: charged,
      paymentMethod: 'STRIPE TEST BANK •••• 6789',
      failureReason: null,
    });
    const share = landlordReceivesCents(charged, sent.paidAt.getTime() / 1000);
    expect(await receipt(landlord, 'landlord', sent.journalId)).toMatchObject({ status: 'Processing', amountCents: share });

    await settleBankDebit(testApp.dataSource, sent, '2026-11-06T15:00:00Z');
    expect(await history(tenant)).toEqual([expect.objectContaining({ status: 'succeeded', failureReason: null })]);
    expect(await receipt(landlord, 'landlord', sent.journalId)).toMatchObject({ status: 'Paid', amountCents: share });
  });

  it('is Failed with the bank’s reason once the debit is returned before settling', async () => {
    const { tenant, landlord, parties } = await people();
    const sent = await sendBankDebit(testApp.dataSource, parties, { paidAt: '2026-11-02T15:00:00Z', chargedCents: charged, attempt: true });
    await failBankDebit(testApp.dataSource, sent, '2026-11-05T15:00:00Z', 'account_closed');
    expect(await history(tenant)).toEqual([
      expect.objectContaining({ receiptId: sent.journalId, status: 'failed', failureReason: BANK_DEBIT_FAILURES.account_closed }),
    ]);
    expect(await receipt(tenant, 'tenant', sent.journalId)).toMatchObject({ status: 'Failed', failureReason: BANK_DEBIT_FAILURES.account_closed });
    expect(await receipt(landlord, 'landlord', sent.journalId)).toMatchObject({ status: 'Failed', failureReason: BANK_DEBIT_FAILURES.account_closed });
  });

  describe('reconciliation', () => {
    const window = { from: new Date('2026-10-30T00:00:00Z'), to: new Date('2026-11-10T00:00:00Z') };
    const chargeLine = (chargeId: string, createdAt: string): ProviderBalanceTransaction => ({
      balanceTransactionId: `txn_${chargeId}`,
      kind: 'charge',
      amountCents: charged,
      feeCents: 80,
      netCents: charged - 80,
      createdAt: new Date(createdAt),
      sourceId: chargeId,
      chargeId,
    });
    const reconcile = async (accountId: string, lines: ProviderBalanceTransaction[]) => {
      jest.spyOn(testApp.app.get(PaymentGateway), 'listBalanceTransactions').mockResolvedValue(lines);
      return (await testApp.app.get(ProviderReconciler).reconcileAccount(accountId, window)).differences;
    };

    it('finds nothing to compare while a debit processes: the money is not on the landlord’s balance', async () => {
      const { parties } = await people();
      const sent = await sendBankDebit(testApp.dataSource, parties, { paidAt: '2026-11-02T15:00:00Z', chargedCents: charged });
      expect(await reconcile(sent.accountId, [])).toEqual([]);
    });

    it('matches a settled debit’s balance transaction with its settlement, and reports one the ledger has not settled', async () => {
      const { parties } = await people();
      const sent = await sendBankDebit(testApp.dataSource, parties, { paidAt: '2026-11-02T15:00:00Z', chargedCents: charged });
      expect(await reconcile(sent.accountId, [chargeLine(sent.chargeId, '2026-11-06T15:00:00Z')])).toMatchObject([
        { kind: 'missing_journal', reference: `rent-payment:${sent.accountId}/${sent.chargeId}` },
      ]);
      await settleBankDebit(testApp.dataSource, sent, '2026-11-06T15:00:00Z');
      expect(await reconcile(sent.accountId, [chargeLine(sent.chargeId, '2026-11-06T15:00:00Z')])).toEqual([]);
    });

    it('compares nothing for a failed debit: no money moved', async () => {
      const { parties } = await people();
      const sent = await sendBankDebit(testApp.dataSource, parties, { paidAt: '2026-11-02T15:00:00Z', chargedCents: charged });
      await failBankDebit(testApp.dataSource, sent, '2026-11-05T15:00:00Z');
      expect(await reconcile(sent.accountId, [])).toEqual([]);
    });
  });
});
