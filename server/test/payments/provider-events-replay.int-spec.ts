import fc from 'fast-check';
import { SANDBOX_ROUTING_NUMBER, SANDBOX_TEST_BANK_ACCOUNTS, sandboxTestBankAccount } from '@rentwise/libs/sandbox-bank-accounts';
import { randomBytes, randomUUID } from 'node:crypto';
import { Inbox } from '../../src/infrastructure/inbox/inbox';
import { GatewayEvent } from '../../src/infrastructure/inbox/provider-events';
import { PaymentGateway } from '../../src/modules/payments/gateways/payment-gateway.port';
import { SandboxAccounts } from '../../src/modules/payments/gateways/sandbox/sandbox-accounts';
import { SandboxBankDebits } from '../../src/modules/payments/gateways/sandbox/sandbox-bank-debits';
import { SANDBOX_DISPUTE_FEE_CENTS, SandboxMoney } from '../../src/modules/payments/gateways/sandbox/sandbox-money';
import {
  disputeLossEntries,
  disputeReinstatementEntries,
  disputeWithdrawalEntries,
  PostingEntry,
  refundEntries,
} from '../../src/modules/payments/ledger/provider-postings';
import {
  bankDebitFailedEntries,
  bankDebitSentEntries,
  bankDebitSettledEntries,
  rentPaymentEntries,
} from '../../src/modules/payments/ledger/rent-payment-entries';
import { startTestApp, TestApp } from '../support/test-app';
import { rentedHome, RentedHome, tokenizeCard } from './payment-support';

/** What happens to one card charge at the provider, and whether the landlord's balance is paid out after it. */
interface CardStory {
  way: 'card';
  amountCents: number;
  refundsCents: number[];
  dispute: 'none' | 'open' | 'won' | 'lost';
  payOutAfter: boolean;
}

/**
 * A bank debit from one of Stripe's test accounts, as the sandbox plays them: sent (processing), then
 * settled, failed with the account's code, settled and returned (a dispute lost at once), or never answered.
 */
interface BankStory {
  way: 'bank';
  amountCents: number;
  accountNumber: string;
  payOutAfter: boolean;
}

type ChargeStory = CardStory | BankStory;

const cardStory: fc.Arbitrary<CardStory> = fc
  .record({
    amountCents: fc.integer({ min: 1, max: 300_000 }),
    refundShares: fc.array(fc.integer({ min: 1, max: 100 }), { maxLength: 2 }),
    dispute: fc.constantFrom('none', 'open', 'won', 'lost'),
    payOutAfter: fc.boolean(),
  })
  .map(({ amountCents, refundShares, dispute, payOutAfter }) => {
    const charged = amountCents + 699;
    let left = charged;
    const refundsCents: number[] = [];
    for (const share of refundShares) {
      const refund = Math.min(left, Math.max(1, Math.floor((charged * share) / 100)));
      if (refund > 0) refundsCents.push(refund);
      left -= refund;
    }
    // A refunded charge is not disputed here: Stripe lets it be, but the story stays readable.
    return { way: 'card', amountCents, refundsCents, dispute: refundsCents.length > 0 ? 'none' : dispute, payOutAfter } as CardStory;
  });

const bankStory: fc.Arbitrary<BankStory> = fc.record({
  way: fc.constant('bank' as const),
  amountCents: fc.integer({ min: 1, max: 300_000 }),
  accountNumber: fc.constantFrom(...SANDBOX_TEST_BANK_ACCOUNTS.map((account) => account.accountNumber)),
  payOutAfter: fc.boolean(),
});

const chargeStory: fc.Arbitrary<ChargeStory> = fc.oneof(cardStory, bankStory);

interface ExpectedJournal {
  key: string;
  kind: string;
  entries: Record<string, number>;
}

/** A payout as the provider made it: its amount, dates and the balance lines it pays out. */
interface ExpectedPayout {
  payoutId: string;
  amountCents: number;
  status: string;
  initiatedAt: string;
  expectedArrivalAt: string;
  lines: { balanceTransactionId: string; kind: string; amountCents: number; feeCents: number; netCents: number; occurredAt: string; cardPaymentId: string | null }[];
}

const entriesOf = (entries: PostingEntry[]) => Object.fromEntries(entries.map((entry) => [entry.account, entry.amountCents]));

describe('any shuffled, duplicated stream of provider events ends with each event applied once (fast-check)', () => {
  let testApp: TestApp;
  let home: RentedHome;
  let gateway: PaymentGateway;
  let money: SandboxMoney;
  let bank: SandboxBankDebits;
  let inbox: Inbox;
  let paymentMethodId: string;
  /** Every charge made so far and its card payment: a payout can carry lines of an earlier run's charges. */
  const cardPaymentOfCharge = new Map<string, string>();

  beforeAll(async () => {
    // No workers: the test is the worker, one at a time or eight at once.
    testApp = await startTestApp({ RUN_WORKERS: 'false' });
    home = await rentedHome(testApp, async (accountId) => {
      await testApp.app.get(SandboxAccounts).update(accountId, { chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true });
    });
    gateway = testApp.app.get(PaymentGateway);
    money = testApp.app.get(SandboxMoney);
    bank = testApp.app.get(SandboxBankDebits);
    inbox = testApp.app.get(Inbox);
    paymentMethodId = (await tokenizeCard(testApp, { number: '4242424242424242' })).json().id;
  });
  afterAll(() => testApp.close());

  const event = (type: string, object: Record<string, unknown>): GatewayEvent => ({
    id: `evt_replay_${randomBytes(10).toString('hex')}`,
    type,
    accountId: home.accountId,
    createdUnixSeconds: testApp.clock.nowUnixSeconds(),
    livemode: false,
    data: object,
  });

  /** Makes the stories happen at the sandbox provider; returns each distinct event once and the ledger they must make. */
  async function happen(stories: ChargeStory[]): Promise<{ events: GatewayEvent[]; expected: ExpectedJournal[]; payoutIds: string[] }> {
    const events: GatewayEvent[] = [];
    const expected: ExpectedJournal[] = [];
    const payoutIds: string[] = [];
    /** Pays out the landlord's balance (nothing when it is not above zero), as the provider's schedule would. */
    const payOut = async () => {
      const payout = await money.payOut(home.accountId);
      if (!payout) return;
      payoutIds.push(payout.payoutId);
      const object = { id: payout.payoutId, object: 'payout' };
      events.push(event('payout.created', object), event('payout.paid', object));
    };
    /**
     * A bank debit: its attempt, sent with the sandbox's test account, and the bank's answer at once;
     * the journals it must make (decision 0037): sent, then settled or failed (or, returned, a lost dispute).
     */
    const debit = async (story: BankStory) => {
      const attemptId = randomUUID();
      const charged = story.amountCents;
      const platformFeeCents = Math.min(699, charged - 1);
      const account = await bank.link({
        account: home.accountId,
        accountHolderName: 'Sam Rivera',
        routingNumber: SANDBOX_ROUTING_NUMBER,
        accountNumber: story.accountNumber,
        verification: 'instant',
      });
      const now = testApp.clock.now();
      const [{ id: mandateId }] = await testApp.dataSource.query<{ id: string }[]>(
        `INSERT INTO payments.bank_debit_mandates (id, idempotency_key, tenant_user_id, landlord_user_id, provider, connected_account_id,
           payment_method_id, version, text, accepted_at, updated_at)
         VALUES (gen_random_uuid(), $1, $2, $3, 'sandbox', $4, $5, 'replay', 'I authorize this debit.', $6, $6) RETURNING id`,
        [attemptId, home.tenant.userId, home.landlord.userId, home.accountId, account.id, now],
      );
      await testApp.dataSource.query(
        `INSERT INTO payments.card_payments (id, idempotency_key, input_hash, status, tenant_user_id, landlord_user_id, property_id,
           amount_cents, processing_fee_cents, charged_cents, platform_fee_cents, description, provider, connected_account_id,
           payment_method_id, method, bank_name, bank_last4, mandate_id, created_at, updated_at)
         VALUES ($1, $2, 'test', 'pending', $3, $4, $5, $6, 0, $6, $7, 'Rent: replay by bank', 'sandbox', $8, $9, 'bank_debit', $10, $11, $12, $13, $13)`,
        [attemptId, attemptId, home.tenant.userId, home.landlord.userId, home.propertyId, charged, platformFeeCents, home.accountId, account.id, account.bankName, account.last4, mandateId, now],
      );
      const sent = await gateway.debitBankAccount({
        connectedAccountId: home.accountId,
        paymentMethodId: account.id,
        amountCents: charged,
        platformFeeCents,
        description: 'Rent: replay by bank',
        idempotencyKey: attemptId,
        metadata: { cardPaymentId: attemptId },
        mandate: { acceptedAt: now, ipAddress: '203.0.113.7', userAgent: 'replay' },
      });
      cardPaymentOfCharge.set(sent.chargeId, attemptId);
      const charge = { id: sent.chargeId, object: 'charge', payment_intent: sent.paymentIntentId };
      const intent = { id: sent.paymentIntentId, object: 'payment_intent', latest_charge: sent.chargeId };
      events.push(event('charge.pending', charge), event('payment_intent.processing', intent));
      expected.push({ key: `card-payment:${attemptId}`, kind: 'rent_payment', entries: entriesOf(bankDebitSentEntries(charged).entries) });

      const outcome = sandboxTestBankAccount(story.accountNumber)!.outcome;
      // The account that stays processing is never answered (the sandbox's clock passes it by too).
      if (outcome.kind !== 'stays_processing') await bank.decide(home.accountId, sent.chargeId, 'as_tested');
      const reference = `${home.accountId}/${sent.chargeId}`;
      if (outcome.kind === 'fails') {
        events.push(event('charge.failed', charge), event('payment_intent.payment_failed', intent));
        expected.push({ key: `bank-debit-failed:${reference}`, kind: 'bank_debit_failed', entries: entriesOf(bankDebitFailedEntries(charged)) });
      }
      if (outcome.kind === 'succeeds' || outcome.kind === 'disputed') {
        events.push(event('charge.succeeded', charge), event('payment_intent.succeeded', intent));
        expected.push({ key: `bank-debit-settled:${reference}`, kind: 'bank_debit_settled', entries: entriesOf(bankDebitSettledEntries(charged, sent.chargedAt)) });
      }
      if (outcome.kind === 'disputed') {
        const [{ id }] = await testApp.dataSource.query<{ id: string }[]>(
          `SELECT id FROM infra.sandbox_disputes WHERE account_id = $1 AND charge_id = $2`,
          [home.accountId, sent.chargeId],
        );
        const dispute = await gateway.retrieveDispute(home.accountId, id);
        const object = { id, object: 'dispute', charge: sent.chargeId };
        events.push(event('charge.dispute.created', object), event('charge.dispute.closed', object));
        expected.push(
          {
            key: `dispute-txn:${home.accountId}/${dispute.movements[0].balanceTransactionId}`,
            kind: 'dispute',
            entries: entriesOf(disputeWithdrawalEntries(charged, SANDBOX_DISPUTE_FEE_CENTS)),
          },
          { key: `dispute-lost:${home.accountId}/${id}`, kind: 'dispute_lost', entries: entriesOf(disputeLossEntries(charged)) },
        );
      }
    };
    for (const [index, story] of stories.entries()) {
      if (story.way === 'bank') {
        await debit(story);
        if (story.payOutAfter || index === stories.length - 1) await payOut();
        continue;
      }
      const attemptId = randomUUID();
      const charged = story.amountCents + 699;
      const now = testApp.clock.now();
      await testApp.dataSource.query(
        `INSERT INTO payments.card_payments (id, idempotency_key, input_hash, status, tenant_user_id, landlord_user_id, property_id,
           amount_cents, processing_fee_cents, charged_cents, platform_fee_cents, description, provider, connected_account_id,
           payment_method_id, created_at, updated_at)
         VALUES ($1, $2, 'test', 'pending', $3, $4, $5, $6, 699, $7, $8, 'Rent: replay', 'sandbox', $9, $10, $11, $11)`,
        [attemptId, attemptId, home.tenant.userId, home.landlord.userId, home.propertyId, story.amountCents, charged, Math.min(699, charged - 1), home.accountId, paymentMethodId, now],
      );
      const charge = await gateway.chargeCard({
        connectedAccountId: home.accountId,
        paymentMethodId,
        amountCents: charged,
        platformFeeCents: Math.min(699, charged - 1),
        description: 'Rent: replay',
        idempotencyKey: attemptId,
        metadata: { cardPaymentId: attemptId },
      });
      cardPaymentOfCharge.set(charge.chargeId, attemptId);
      events.push(
        event('charge.succeeded', { id: charge.chargeId, object: 'charge', payment_intent: charge.paymentIntentId }),
        event('payment_intent.succeeded', { id: charge.paymentIntentId, object: 'payment_intent', latest_charge: charge.chargeId }),
      );
      expected.push({ key: `card-payment:${attemptId}`, kind: 'rent_payment', entries: entriesOf(rentPaymentEntries(charged, charge.chargedAt).entries) });
      for (const refundCents of story.refundsCents) {
        const refund = await money.refund(home.accountId, charge.chargeId, refundCents);
        events.push(
          event('refund.created', { id: refund.refundId, object: 'refund', charge: charge.chargeId }),
          event('charge.refunded', { id: charge.chargeId, object: 'charge' }),
        );
        expected.push({ key: `refund:${home.accountId}/${refund.refundId}`, kind: 'refund', entries: entriesOf(refundEntries(refundCents)) });
      }
      if (story.dispute !== 'none') {
        let dispute = await money.openDispute(home.accountId, charge.chargeId);
        const object = { id: dispute.disputeId, object: 'dispute', charge: charge.chargeId };
        events.push(event('charge.dispute.created', object), event('charge.dispute.funds_withdrawn', object));
        expected.push({
          key: `dispute-txn:${home.accountId}/${dispute.movements[0].balanceTransactionId}`,
          kind: 'dispute',
          entries: entriesOf(disputeWithdrawalEntries(charged, SANDBOX_DISPUTE_FEE_CENTS)),
        });
        if (story.dispute === 'won' || story.dispute === 'lost') {
          dispute = await money.closeDispute(home.accountId, dispute.disputeId, story.dispute);
          events.push(event('charge.dispute.closed', object));
          if (story.dispute === 'won') {
            events.push(event('charge.dispute.funds_reinstated', object));
            expected.push({
              key: `dispute-txn:${home.accountId}/${dispute.movements[1].balanceTransactionId}`,
              kind: 'dispute_won',
              entries: entriesOf(disputeReinstatementEntries(charged, 0)),
            });
          } else {
            expected.push({ key: `dispute-lost:${home.accountId}/${dispute.disputeId}`, kind: 'dispute_lost', entries: entriesOf(disputeLossEntries(charged)) });
          }
        }
      }
      // The last story always ends with a payout, so each run has one when the balance is above zero.
      if (story.payOutAfter || index === stories.length - 1) await payOut();
    }
    return { events, expected, payoutIds };
  }

  /** What the provider says each payout is: read from the sandbox's own tables, not through the gateway the recorder uses. */
  async function providerPayouts(payoutIds: string[]): Promise<ExpectedPayout[]> {
    const payouts = await testApp.dataSource.query<{ id: string; amount_cents: string; status: string; created_at: Date; arrival_at: Date }[]>(
      `SELECT id, amount_cents, status, created_at, arrival_at FROM infra.sandbox_payouts WHERE id = ANY($1) ORDER BY id`,
      [payoutIds],
    );
    const lines = await testApp.dataSource.query<
      { id: string; payout_id: string; kind: string; amount_cents: string; fee_cents: string; net_cents: string; created_at: Date; charge_id: string | null }[]
    >(
      `SELECT id, payout_id, kind, amount_cents, fee_cents, net_cents, created_at, charge_id
         FROM infra.sandbox_balance_transactions WHERE payout_id = ANY($1) AND kind <> 'payout' ORDER BY id`,
      [payoutIds],
    );
    return payouts.map((payout) => ({
      payoutId: payout.id,
      amountCents: Number(payout.amount_cents),
      status: payout.status,
      initiatedAt: payout.created_at.toISOString(),
      expectedArrivalAt: payout.arrival_at.toISOString(),
      lines: lines
        .filter((line) => line.payout_id === payout.id)
        .map((line) => ({
          balanceTransactionId: line.id,
          kind: line.kind,
          amountCents: Number(line.amount_cents),
          feeCents: Number(line.fee_cents),
          netCents: Number(line.net_cents),
          occurredAt: line.created_at.toISOString(),
          cardPaymentId: line.charge_id ? (cardPaymentOfCharge.get(line.charge_id) ?? null) : null,
        })),
    }));
  }

  /** The payouts as we recorded them, each line with the card payment the landlord's Payouts page shows it for. */
  async function recordedPayouts(payoutIds: string[]): Promise<{ payouts: ExpectedPayout[]; paidWithoutDate: number }> {
    const payouts = await testApp.dataSource.query<
      { id: string; payout_id: string; amount_cents: string; status: string; initiated_at: Date; expected_arrival_at: Date; paid_at: Date | null }[]
    >(
      `SELECT id, payout_id, amount_cents, status, initiated_at, expected_arrival_at, paid_at
         FROM payments.payouts WHERE connected_account_id = $1 AND payout_id = ANY($2) ORDER BY payout_id`,
      [home.accountId, payoutIds],
    );
    const lines = await testApp.dataSource.query<
      { payout_row_id: string; balance_transaction_id: string; kind: string; amount_cents: string; fee_cents: string; net_cents: string; occurred_at: Date; card_payment_id: string | null }[]
    >(
      `SELECT l.payout_row_id, l.balance_transaction_id, l.kind, l.amount_cents, l.fee_cents, l.net_cents, l.occurred_at, c.id AS card_payment_id
         FROM payments.payout_lines l
         JOIN payments.payouts p ON p.id = l.payout_row_id
         LEFT JOIN payments.card_payments c ON c.connected_account_id = p.connected_account_id AND c.charge_id = l.charge_id
        WHERE l.payout_row_id = ANY($1) ORDER BY l.balance_transaction_id`,
      [payouts.map((payout) => payout.id)],
    );
    return {
      paidWithoutDate: payouts.filter((payout) => payout.status === 'paid' && !payout.paid_at).length,
      payouts: payouts.map((payout) => ({
        payoutId: payout.payout_id,
        amountCents: Number(payout.amount_cents),
        status: payout.status,
        initiatedAt: payout.initiated_at.toISOString(),
        expectedArrivalAt: payout.expected_arrival_at.toISOString(),
        lines: lines
          .filter((line) => line.payout_row_id === payout.id)
          .map((line) => ({
            balanceTransactionId: line.balance_transaction_id,
            kind: line.kind,
            amountCents: Number(line.amount_cents),
            feeCents: Number(line.fee_cents),
            netCents: Number(line.net_cents),
            occurredAt: line.occurred_at.toISOString(),
            cardPaymentId: line.card_payment_id,
          })),
      })),
    };
  }

  /** Stores each delivery (a redelivery finds its row) and works the rows with `workers` at once, retrying failures as the queue would. */
  async function deliver(deliveries: GatewayEvent[], workers: number): Promise<void> {
    const queue: string[] = [];
    for (const delivery of deliveries) queue.push((await inbox.receive(delivery, 'connect', gateway.name)).inboxId);
    const work = async (): Promise<void> => {
      for (let inboxId = queue.shift(); inboxId; inboxId = queue.shift()) {
        try {
          await inbox.handle(inboxId);
        } catch (error) {
          await inbox.recordFailure(inboxId, error, false);
          queue.push(inboxId);
        }
      }
    };
    await Promise.all(Array.from({ length: workers }, work));
  }

  async function ledgerOf(paymentKeys: string[]): Promise<{ journals: ExpectedJournal[]; unbalanced: number }> {
    const rows = await testApp.dataSource.query<{ key: string; kind: string; entries: { account: string; amount_cents: string }[] }[]>(
      `WITH payments AS (SELECT id FROM payments.ledger_transactions WHERE idempotency_key = ANY($1)),
            journals AS (
              SELECT t.* FROM payments.ledger_transactions t
               WHERE t.id IN (SELECT id FROM payments)
                  OR t.corrects_transaction_id IN (SELECT id FROM payments)
                  OR t.corrects_transaction_id IN (SELECT r.id FROM payments.ledger_transactions r WHERE r.corrects_transaction_id IN (SELECT id FROM payments)))
       SELECT j.idempotency_key AS key, j.kind,
              json_agg(json_build_object('account', e.account, 'amount_cents', e.amount_cents)) AS entries
         FROM journals j JOIN payments.ledger_entries e ON e.transaction_id = j.id
        GROUP BY j.id, j.idempotency_key, j.kind`,
      [paymentKeys],
    );
    const journals = rows.map((row) => ({
      key: row.key,
      kind: row.kind,
      entries: Object.fromEntries(row.entries.map((entry) => [entry.account, Number(entry.amount_cents)])),
    }));
    const unbalanced = journals.filter((journal) => Object.values(journal.entries).reduce((sum, cents) => sum + cents, 0) !== 0).length;
    return { journals, unbalanced };
  }

  const byKey = (a: ExpectedJournal, b: ExpectedJournal) => a.key.localeCompare(b.key);

  it.each([1, 8])('with %i worker(s)', async (workers) => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(chargeStory, { minLength: 1, maxLength: 3 }),
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 40, maxLength: 40 }),
        fc.integer(),
        async (stories, copies, seed) => {
          const { events, expected, payoutIds } = await happen(stories);
          // Every event delivered one to three times, in an order of the seed's choosing.
          const deliveries = events.flatMap((delivery, index) => Array.from({ length: copies[index % copies.length] }, () => delivery));
          const shuffled = fc.sample(fc.shuffledSubarray(deliveries, { minLength: deliveries.length, maxLength: deliveries.length }), { seed, numRuns: 1 })[0];
          await deliver(shuffled, workers);

          const { journals, unbalanced } = await ledgerOf(expected.filter((journal) => journal.kind === 'rent_payment').map((journal) => journal.key));
          expect(unbalanced).toBe(0);
          expect([...journals].sort(byKey)).toEqual([...expected].sort(byKey));
          // Payouts are not ledger money, but each deposit and what it is made of must converge too.
          const recorded = await recordedPayouts(payoutIds);
          expect(recorded.paidWithoutDate).toBe(0);
          expect(recorded.payouts).toEqual(await providerPayouts(payoutIds));
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
