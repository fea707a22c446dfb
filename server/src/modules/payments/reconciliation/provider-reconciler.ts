import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../../infrastructure/clock/clock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { PaymentGateway } from '../gateways/payment-gateway.port';
import { compareWithLedger, Difference, nextWindow, ProviderJournal, providerJournalOf, ReconciliationWindow } from './reconciliation-rules';

/** How far past each edge of the window both sides are read, so a journal dated a moment apart still matches. */
const MATCH_MARGIN_MS = 6 * 3600 * 1000;

export interface AccountReconciliation {
  accountId: string;
  window: ReconciliationWindow;
  providerLines: number;
  journals: number;
  differences: Difference[];
}

interface JournalRow {
  id: string;
  kind: string;
  idempotency_key: string;
  provider_reference: string;
  occurred_at: Date;
  provider_amount_cents: string;
  bank_debit: boolean;
}

/**
 * Compares each landlord's balance at the provider (its balance transactions, on the connected
 * account) with the ledger's journals for that account, and keeps every difference in
 * payments.reconciliation_differences until a later run no longer finds it.
 */
@Injectable()
export class ProviderReconciler {
  private readonly logger = new Logger(ProviderReconciler.name);

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly gateway: PaymentGateway,
    private readonly clock: Clock,
  ) {}

  /** Every connected account rent was ever paid to through this provider, each since its last run. */
  async reconcileAll(): Promise<AccountReconciliation[]> {
    const accounts = await this.unitOfWork.manager.query<{ connected_account_id: string }[]>(
      // Any attempt that posted: a bank debit's account is reconciled while it processes, settles or fails.
      `SELECT DISTINCT connected_account_id FROM payments.card_payments
        WHERE provider = $1 AND status IN ('succeeded', 'processing', 'failed') ORDER BY 1`,
      [this.gateway.name],
    );
    const results: AccountReconciliation[] = [];
    for (const { connected_account_id: accountId } of accounts) {
      try {
        results.push(await this.reconcileAccount(accountId));
      } catch (error) {
        // One account the provider cannot answer for must not hide the others' differences.
        this.logger.error({ err: error, accountId }, 'Reconciliation of an account failed; the next run retries it');
      }
    }
    return results;
  }

  async reconcileAccount(accountId: string, window?: ReconciliationWindow): Promise<AccountReconciliation> {
    const now = this.clock.now();
    const checked = window ?? nextWindow(now, await this.lastRunEnd(accountId));
    const wide = { from: new Date(checked.from.getTime() - MATCH_MARGIN_MS), to: new Date(checked.to.getTime() + MATCH_MARGIN_MS) };
    const providerLines = await this.gateway.listBalanceTransactions(accountId, { createdFrom: wide.from, createdTo: wide.to });
    const journals = await this.journals(accountId, wide);
    const differences = compareWithLedger(accountId, providerLines, journals, checked);
    await this.unitOfWork.run(async (manager) => {
      for (const difference of differences) {
        await manager.query(
          `INSERT INTO payments.reconciliation_differences (provider, connected_account_id, kind, reference, balance_transaction_id,
             ledger_transaction_id, provider_amount_cents, ledger_amount_cents, occurred_at, first_found_at, last_found_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)
           ON CONFLICT (provider, connected_account_id, kind, reference) DO UPDATE
             SET last_found_at = EXCLUDED.last_found_at, resolved_at = NULL,
                 provider_amount_cents = EXCLUDED.provider_amount_cents, ledger_amount_cents = EXCLUDED.ledger_amount_cents,
                 ledger_transaction_id = EXCLUDED.ledger_transaction_id, balance_transaction_id = EXCLUDED.balance_transaction_id`,
          [
            this.gateway.name,
            accountId,
            difference.kind,
            difference.reference,
            difference.balanceTransactionId,
            difference.ledgerTransactionId,
            difference.providerAmountCents,
            difference.ledgerAmountCents,
            difference.occurredAt,
            now,
          ],
        );
      }
      // What this run checked and did not find again has been put right (a late event, a replay).
      await manager.query(
        `UPDATE payments.reconciliation_differences SET resolved_at = $5
          WHERE provider = $1 AND connected_account_id = $2 AND resolved_at IS NULL
            AND occurred_at >= $3 AND occurred_at < $4 AND last_found_at < $5`,
        [this.gateway.name, accountId, checked.from, checked.to, now],
      );
      await manager.query(
        `INSERT INTO payments.reconciliation_runs (provider, connected_account_id, window_from, window_to, provider_lines, journals, differences, finished_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [this.gateway.name, accountId, checked.from, checked.to, providerLines.length, journals.length, differences.length, now],
      );
    });
    if (differences.length > 0) {
      this.logger.warn({ accountId, differences: differences.length }, 'Reconciliation found differences between the provider and the ledger');
    }
    return { accountId, window: checked, providerLines: providerLines.length, journals: journals.length, differences };
  }

  private async lastRunEnd(accountId: string): Promise<Date | null> {
    const [row] = await this.unitOfWork.manager.query<{ window_to: Date }[]>(
      `SELECT max(window_to) AS window_to FROM payments.reconciliation_runs WHERE provider = $1 AND connected_account_id = $2`,
      [this.gateway.name, accountId],
    );
    return row?.window_to ?? null;
  }

  /**
   * The account's journals that mirror provider money, with the amount the provider shows for each:
   * the card's side (tenant_card), the held side (disputed) or a settled bank debit's clearing side,
   * negated; providerJournalOf leaves out what moves no provider money. A bank debit's settlement is
   * the account's by its key (`bank-debit-settled:<acct>/<charge>`), whatever its reference says.
   */
  private async journals(accountId: string, window: ReconciliationWindow): Promise<ProviderJournal[]> {
    const rows = await this.unitOfWork.manager.query<JournalRow[]>(
      `SELECT t.id, t.kind, t.idempotency_key, t.provider_reference, t.occurred_at, e.provider_amount_cents, e.bank_debit
         FROM payments.ledger_transactions t
        CROSS JOIN LATERAL (
          SELECT -coalesce(sum(e.amount_cents) FILTER (WHERE e.account IN ('tenant_card', 'disputed', 'bank_debit_clearing')), 0) AS provider_amount_cents,
                 coalesce(bool_or(e.account = 'bank_debit_clearing' AND e.amount_cents > 0), false) AS bank_debit
            FROM payments.ledger_entries e WHERE e.transaction_id = t.id) e
        WHERE t.provider = $1
          AND (left(t.provider_reference, length($2) + 1) = $2 || '/'
               OR (t.kind = 'bank_debit_settled' AND left(t.idempotency_key, length($2) + 20) = 'bank-debit-settled:' || $2 || '/'))
          AND t.occurred_at >= $3 AND t.occurred_at < $4 AND t.kind NOT IN ('dispute_lost', 'bank_debit_failed')`,
      [this.gateway.name, accountId, window.from, window.to],
    );
    return rows.flatMap((row): ProviderJournal[] => {
      const journal = providerJournalOf({
        transactionId: row.id,
        kind: row.kind,
        idempotencyKey: row.idempotency_key,
        providerReference: row.provider_reference,
        occurredAt: row.occurred_at,
        providerAmountCents: Number(row.provider_amount_cents),
        bankDebit: row.bank_debit,
      });
      return journal ? [journal] : [];
    });
  }
}
