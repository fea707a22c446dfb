import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { ConnectedAccountState } from '../../../onboarding/contracts/payout-account-provider.port';
import { SandboxEvents } from './sandbox-events';
import { sandboxId } from './sandbox-ids';

export interface SandboxAccount extends ConnectedAccountState {
  email: string | null;
  /** 'express' when opened through createConnectedAccount, 'standard' when connected through OAuth. */
  kind: 'express' | 'standard';
}

export type SandboxAccountFlags = Pick<ConnectedAccountState, 'chargesEnabled' | 'payoutsEnabled' | 'detailsSubmitted'>;

interface AccountRow {
  id: string;
  email: string | null;
  kind: 'express' | 'standard';
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
}

const COLUMNS = 'id, email, kind, charges_enabled, payouts_enabled, details_submitted';

const READY: SandboxAccountFlags = { chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true };

function toAccount(row: AccountRow): SandboxAccount {
  return {
    accountId: row.id,
    email: row.email,
    kind: row.kind,
    chargesEnabled: row.charges_enabled,
    payoutsEnabled: row.payouts_enabled,
    detailsSubmitted: row.details_submitted,
    // Every sandbox account that takes charges takes bank debits too (onboarding asks for both).
    bankDebitsEnabled: row.charges_enabled,
  };
}

/**
 * The sandbox provider's own records, in PostgreSQL so that the API and the worker see the same
 * accounts. Like Stripe, every change to an account announces `account.updated` on the webhooks
 * queue (through the outbox, in the same transaction).
 */
@Injectable()
export class SandboxAccounts {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: SandboxEvents,
  ) {}

  async create(email: string, idempotencyKey: string): Promise<SandboxAccount> {
    const inserted = await this.dataSource.query<AccountRow[]>(
      `INSERT INTO infra.sandbox_connected_accounts (id, email, kind, idempotency_key)
       VALUES ($1, $2, 'express', $3)
       ON CONFLICT (idempotency_key) DO NOTHING
       RETURNING ${COLUMNS}`,
      [sandboxId('acct_sandbox_', 8), email, idempotencyKey],
    );
    if (inserted[0]) return toAccount(inserted[0]);
    const [existing] = await this.dataSource.query<AccountRow[]>(
      `SELECT ${COLUMNS} FROM infra.sandbox_connected_accounts WHERE idempotency_key = $1`,
      [idempotencyKey],
    );
    return toAccount(existing);
  }

  async find(accountId: string): Promise<SandboxAccount | undefined> {
    const [row] = await this.dataSource.query<AccountRow[]>(
      `SELECT ${COLUMNS} FROM infra.sandbox_connected_accounts WHERE id = $1`,
      [accountId],
    );
    return row ? toAccount(row) : undefined;
  }

  /** What finishing hosted onboarding does: the account is ready for charges and payouts. */
  async completeOnboarding(accountId: string): Promise<SandboxAccount | undefined> {
    return this.update(accountId, READY);
  }

  /** Sets the flags as the provider would after verification (the dashboard's simulate buttons, tests). */
  async update(accountId: string, flags: SandboxAccountFlags): Promise<SandboxAccount | undefined> {
    return this.dataSource.transaction(async (manager) => {
      const [rows] = await manager.query<[AccountRow[], number]>(
        `UPDATE infra.sandbox_connected_accounts
         SET charges_enabled = $2, payouts_enabled = $3, details_submitted = $4, updated_at = now()
         WHERE id = $1
         RETURNING ${COLUMNS}`,
        [accountId, flags.chargesEnabled, flags.payoutsEnabled, flags.detailsSubmitted],
      );
      if (!rows[0]) return undefined;
      const account = toAccount(rows[0]);
      await this.announce(manager, account);
      return account;
    });
  }

  /** An existing (already verified) provider account authorizes us: returns the one-time OAuth code. */
  async authorizeExisting(): Promise<string> {
    const code = sandboxId('ac_sandbox_', 12);
    await this.dataSource.query(
      `INSERT INTO infra.sandbox_connected_accounts
         (id, kind, charges_enabled, payouts_enabled, details_submitted, oauth_code)
       VALUES ($1, 'standard', true, true, true, $2)`,
      [sandboxId('acct_sandbox_', 8), code],
    );
    return code;
  }

  /** Each code works once, as with Stripe. */
  async redeemOAuthCode(code: string): Promise<string | undefined> {
    const [rows] = await this.dataSource.query<[{ id: string }[], number]>(
      `UPDATE infra.sandbox_connected_accounts SET oauth_code_used_at = now()
       WHERE oauth_code = $1 AND oauth_code_used_at IS NULL
       RETURNING id`,
      [code],
    );
    return rows[0]?.id;
  }

  private async announce(manager: EntityManager, account: SandboxAccount): Promise<void> {
    await this.events.emit(manager, [
      {
        type: 'account.updated',
        account: account.accountId,
        object: {
          id: account.accountId,
          object: 'account',
          email: account.email,
          charges_enabled: account.chargesEnabled,
          payouts_enabled: account.payoutsEnabled,
          details_submitted: account.detailsSubmitted,
        },
      },
    ]);
  }
}
