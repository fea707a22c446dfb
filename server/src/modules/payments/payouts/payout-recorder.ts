import { Injectable } from '@nestjs/common';
import { Clock } from '../../../infrastructure/clock/clock';
import { lockUntilCommit } from '../../../infrastructure/database/transaction-lock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { HandlesProviderEvent, type ProviderEventOutcome } from '../../../infrastructure/inbox/provider-event-handlers';
import type { ProviderEventOf } from '../../../infrastructure/inbox/provider-events';
import { PaymentGateway } from '../gateways/payment-gateway.port';

export type PayoutSync = { outcome: 'done'; detail: string } | { outcome: 'skipped'; reason: string };

/**
 * Keeps a landlord's payout as the provider reports it now, with what it pays out: one line per
 * balance transaction of the payout (payments, refunds, disputes, fees) with the charge it is about.
 * The card payment is found from the charge when the payout is read, not here: the charge's own event
 * may not have been handled yet. Runs under an advisory lock per payout, so concurrent events write it once.
 */
@Injectable()
export class PayoutRecorder {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly gateway: PaymentGateway,
    private readonly clock: Clock,
  ) {}

  /**
   * A payout to the landlord's bank was paid (recorded with the balance lines it pays out), or failed
   * or was canceled (its status recorded: the provider returns the money to the balance).
   */
  @HandlesProviderEvent('PayoutPaid')
  @HandlesProviderEvent('PayoutFailed')
  payoutChanged(event: ProviderEventOf<'PayoutPaid' | 'PayoutFailed'>): Promise<ProviderEventOutcome> {
    return this.sync(event.accountId, event.payoutId);
  }

  async sync(accountId: string, payoutId: string): Promise<PayoutSync> {
    return this.unitOfWork.run(async (manager) => {
      await lockUntilCommit(manager, `payout:${accountId}/${payoutId}`);
      const [landlord] = await manager.query<{ landlord_user_id: string }[]>(
        `SELECT landlord_user_id FROM payments.card_payments WHERE connected_account_id = $1 LIMIT 1`,
        [accountId],
      );
      if (!landlord) return { outcome: 'skipped', reason: `no rent was ever paid to ${accountId}` };
      const payout = await this.gateway.retrievePayout(accountId, payoutId);
      const now = this.clock.now();
      const [row] = await manager.query<{ id: string; paid_at: Date | null }[]>(
        `INSERT INTO payments.payouts (provider, connected_account_id, payout_id, landlord_user_id, amount_cents, status,
           initiated_at, expected_arrival_at, paid_at, failure_message, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $9)
         ON CONFLICT (connected_account_id, payout_id) DO UPDATE
           SET amount_cents = EXCLUDED.amount_cents, status = EXCLUDED.status,
               expected_arrival_at = EXCLUDED.expected_arrival_at, failure_message = EXCLUDED.failure_message,
               paid_at = CASE WHEN EXCLUDED.status = 'paid' THEN coalesce(payments.payouts.paid_at, EXCLUDED.paid_at) END,
               updated_at = EXCLUDED.updated_at
         RETURNING id, paid_at`,
        [
          this.gateway.name,
          accountId,
          payoutId,
          landlord.landlord_user_id,
          payout.amountCents,
          payout.status,
          payout.initiatedAt,
          payout.expectedArrivalAt,
          payout.status === 'paid' ? now : null,
          payout.failureMessage,
        ],
      );
      const lines = await this.gateway.listBalanceTransactions(accountId, { payoutId });
      for (const line of lines) {
        if (line.kind === 'payout') continue;
        await manager.query(
          `INSERT INTO payments.payout_lines (payout_row_id, balance_transaction_id, kind, amount_cents, fee_cents, net_cents, occurred_at, charge_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
           ON CONFLICT (payout_row_id, balance_transaction_id) DO NOTHING`,
          [row.id, line.balanceTransactionId, line.kind, line.amountCents, line.feeCents, line.netCents, line.createdAt, line.chargeId],
        );
      }
      return { outcome: 'done', detail: `payout ${payout.status} with ${lines.filter((line) => line.kind !== 'payout').length} line(s)` };
    });
  }
}
