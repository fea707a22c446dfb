import { Injectable, Logger } from '@nestjs/common';
import { lockUntilCommit } from '../../../infrastructure/database/transaction-lock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { PaymentGatewayError } from '../../../infrastructure/providers/provider-errors';
import { AuthorizeNetAccounts } from '../authorize-net-accounts/authorize-net-accounts';
import { batchLinesOf, chargeOfLine } from './authorize-net-batch-lines';
import type { AuthorizeNetBatchTransaction, AuthorizeNetGateway, AuthorizeNetSettledBatch, AuthorizeNetTransaction } from '../gateways/authorize-net-gateway.port';
import { AuthorizeNetTransactionChangedHandler } from '../provider-events/authorize-net-transaction-changed.handler';
import { ChargeCorrections } from '../provider-events/charge-corrections';
import type { AuthorizeNetBatchesRun } from '../contracts/record-authorize-net-batches.command';

type AccountRun = Pick<AuthorizeNetBatchesRun, 'batches' | 'chargebacks'>;

const DAY_MS = 24 * 3600 * 1000;
/** Batches are read again this far back from the last one recorded: one settled late, or a run cut short, is not missed. */
const OVERLAP_MS = 3 * DAY_MS;
/** A landlord's first read goes back this far; the gateway answers at most 31 days a call. */
const WINDOW_MS = 30 * DAY_MS;

/**
 * An Authorize.Net landlord's deposits (decision 0046): each batch their merchant account settled is
 * recorded as a payout, as a Stripe payout is, with a line per transaction naming the charge it is
 * about (so the Payouts page links the receipt), and the money a card holder's bank took back in it
 * (chargebacks, returned items, their reversals) posted to the ledger. A batch is written with its
 * postings in one transaction under its key, so a rerun, an overlap or a second worker records it once.
 */
@Injectable()
export class AuthorizeNetBatchRecorder {
  private readonly logger = new Logger(AuthorizeNetBatchRecorder.name);

  constructor(
    private readonly accounts: AuthorizeNetAccounts,
    private readonly unitOfWork: UnitOfWork,
    private readonly corrections: ChargeCorrections,
    private readonly transactionChanged: AuthorizeNetTransactionChangedHandler,
  ) {}

  async recordThrough(now: Date): Promise<AuthorizeNetBatchesRun> {
    const run: AuthorizeNetBatchesRun = { accounts: 0, batches: 0, chargebacks: 0, failedAccounts: 0 };
    for (const { landlordUserId, gateway } of await this.accounts.all()) {
      run.accounts += 1;
      try {
        const recorded = await this.recordAccount(landlordUserId, gateway, now);
        run.batches += recorded.batches;
        run.chargebacks += recorded.chargebacks;
      } catch (error) {
        // One landlord's refused keys or a silent gateway must not keep the others' deposits off their pages.
        if (!(error instanceof PaymentGatewayError)) throw error;
        run.failedAccounts += 1;
        this.logger.warn({ merchantAccount: gateway.merchantAccount, reason: error.message }, 'Authorize.Net batches not read');
      }
    }
    return run;
  }

  private async recordAccount(landlordUserId: string, gateway: AuthorizeNetGateway, now: Date): Promise<AccountRun> {
    const recorded: AccountRun = { batches: 0, chargebacks: 0 };
    const [last] = await this.unitOfWork.manager.query<{ settled_at: Date | null }[]>(
      `SELECT max(initiated_at) AS settled_at FROM payments.payouts WHERE provider = $1 AND connected_account_id = $2`,
      [gateway.name, gateway.merchantAccount],
    );
    let from = new Date((last?.settled_at?.getTime() ?? now.getTime() - WINDOW_MS + OVERLAP_MS) - OVERLAP_MS);
    while (from < now) {
      const to = new Date(Math.min(from.getTime() + WINDOW_MS, now.getTime()));
      for (const batch of await gateway.listSettledBatches(from, to)) {
        if (batch.state !== 'settledSuccessfully' || (await this.isRecorded(gateway, batch.batchId))) continue;
        const { chargebacks } = await this.recordBatch(landlordUserId, gateway, batch, now);
        recorded.batches += 1;
        recorded.chargebacks += chargebacks;
      }
      from = to;
    }
    return recorded;
  }

  private async isRecorded(gateway: AuthorizeNetGateway, batchId: string): Promise<boolean> {
    const [row] = await this.unitOfWork.manager.query<unknown[]>(
      `SELECT 1 FROM payments.payouts WHERE connected_account_id = $1 AND payout_id = $2`,
      [gateway.merchantAccount, batchId],
    );
    return row !== undefined;
  }

  private async recordBatch(
    landlordUserId: string,
    gateway: AuthorizeNetGateway,
    batch: AuthorizeNetSettledBatch,
    now: Date,
  ): Promise<{ chargebacks: number }> {
    const transactions = await gateway.listBatchTransactions(batch.batchId);
    const { lines, netCents } = batchLinesOf(transactions);
    // The charges taken back are read before the database transaction: no gateway call holds it open.
    const takenBack = new Map<AuthorizeNetBatchTransaction, AuthorizeNetTransaction>();
    for (const transaction of transactions) {
      if (transaction.status !== 'settled' && transaction.status !== 'other' && transaction.kind === 'charge') {
        takenBack.set(transaction, await gateway.retrieveTransaction(chargeOfLine(transaction)));
      }
    }
    return this.unitOfWork.run(async (manager) => {
      await lockUntilCommit(manager, `anet-batch:${gateway.merchantAccount}/${batch.batchId}`);
      const [payout] = await manager.query<{ id: string }[]>(
        `INSERT INTO payments.payouts (provider, connected_account_id, payout_id, landlord_user_id, amount_cents, status,
           initiated_at, expected_arrival_at, paid_at, failure_message, updated_at)
         VALUES ($1, $2, $3, $4, $5, 'paid', $6, $6, $6, NULL, $7)
         ON CONFLICT (connected_account_id, payout_id) DO NOTHING
         RETURNING id`,
        [gateway.name, gateway.merchantAccount, batch.batchId, landlordUserId, netCents, batch.settledAt, now],
      );
      if (!payout) return { chargebacks: 0 };
      for (const line of lines) {
        await manager.query(
          `INSERT INTO payments.payout_lines (payout_row_id, balance_transaction_id, kind, amount_cents, fee_cents, net_cents, occurred_at, charge_id)
           VALUES ($1, $2, $3, $4, 0, $4, $5, $6)
           ON CONFLICT (payout_row_id, balance_transaction_id) DO NOTHING`,
          [payout.id, line.transactionId, line.kind, line.amountCents, line.occurredAt, line.chargeId],
        );
      }
      let chargebacks = 0;
      for (const [transaction, charge] of takenBack) {
        const payment = await this.transactionChanged.postPayment(gateway, charge);
        if (!payment) continue;
        const what = transaction.status as 'chargeback' | 'returned_item' | 'chargeback_reversal';
        const reference = `${gateway.merchantAccount}/${charge.transactionId}`;
        if (await this.corrections.postAuthorizeNetChargeback(payment, reference, transaction.amountCents, batch.settledAt, what)) chargebacks += 1;
      }
      return { chargebacks };
    });
  }
}
