import { CommandBus } from '@nestjs/cqrs';
import { RecordAuthorizeNetBatches } from '../../src/modules/payments/contracts/record-authorize-net-batches.command';
import { signIn } from '../support/accounts';
import { newAuthorizeNetKeys, payWithFakeNonce, putOnAuthorizeNet, startWithFakeAuthorizeNet } from '../support/authorize-net-accounts';
import type { FakeAuthorizeNet } from '../support/fake-authorize-net';
import type { TestApp } from '../support/test-app';
import { journalsOf, rentedHome } from './payment-support';

/** An Authorize.Net landlord's settled batches as payouts, with chargebacks in the ledger (decision 0046), over the real SDK. */
describe("an Authorize.Net landlord's settled batches", () => {
  let fake: FakeAuthorizeNet;
  let testApp: TestApp;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ fake, testApp, close } = await startWithFakeAuthorizeNet());
  });
  afterAll(() => close());

  const recordBatches = () => testApp.app.get(CommandBus).execute(new RecordAuthorizeNetBatches());

  it('shows each batch once as a payout linked to the payment, and posts a chargeback once', async () => {
    const home = await rentedHome(testApp, async () => {}, { payoutAccount: false });
    const keys = newAuthorizeNetKeys();
    await putOnAuthorizeNet(testApp, home.landlord.userId, keys);
    const [landlord, tenant] = [await signIn(testApp, home.landlord), await signIn(testApp, home.tenant)];
    const { charge } = await payWithFakeNonce(testApp, fake, tenant);
    // What left the tenant: the rent and the tenant fee.
    const grossCents = Math.round(Number(charge.amount) * 100);
    const [payment] = (await journalsOf(testApp, home.tenant.userId)).filter((journal) => journal.kind === 'rent_payment');
    const payouts = async () =>
      (await testApp.request({ method: 'GET', url: '/api/landlord/payouts', headers: landlord.headers })).json().payouts as {
        payoutId: string;
        amountCents: number;
        status: string;
        lines: { kind: string; receiptId: string | null; amountCents: number }[];
      }[];

    fake.settle();
    expect(await recordBatches()).toMatchObject({ batches: 1, chargebacks: 0, failedAccounts: 0 });
    const batch = fake.batches.at(-1)!;
    expect(fake.requestsOf('getSettledBatchListRequest').at(-1)).toMatchObject({ includeStatistics: true });
    expect(fake.requestsOf('getTransactionListRequest').at(-1)).toMatchObject({ batchId: batch.batchId });
    expect(await payouts()).toEqual([
      expect.objectContaining({
        payoutId: batch.batchId,
        amountCents: grossCents,
        status: 'paid',
        lines: [expect.objectContaining({ kind: 'charge', amountCents: grossCents, receiptId: payment.id })],
      }),
    ]);
    expect(await recordBatches()).toMatchObject({ batches: 0 });
    expect(await payouts()).toHaveLength(1);

    fake.chargeBack(charge.transId);
    fake.settle();
    expect(await recordBatches()).toMatchObject({ batches: 1, chargebacks: 1 });
    expect(await recordBatches()).toMatchObject({ batches: 0, chargebacks: 0 });
    // Both batches settled within the same second here: found by id, not by their order on the page.
    const both = await payouts();
    expect(both.map((payout) => payout.payoutId).sort()).toEqual([batch.batchId, fake.batches.at(-1)!.batchId].sort());
    const chargeback = both.find((payout) => payout.payoutId !== batch.batchId)!;
    expect(chargeback).toMatchObject({ amountCents: -grossCents, lines: [{ kind: 'dispute', amountCents: -grossCents, receiptId: payment.id }] });
    const disputes = (await journalsOf(testApp, home.tenant.userId)).filter((journal) => journal.kind === 'dispute');
    expect(disputes).toEqual([
      expect.objectContaining({
        idempotency_key: `anet-chargeback:anet:${keys.apiLoginId}/${charge.transId}`,
        corrects_transaction_id: payment.id,
        entries: { landlord_payable: -grossCents, disputed: grossCents },
      }),
    ]);
  });
});
