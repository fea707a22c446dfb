import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Clock } from '../../../infrastructure/clock/clock';
import { preparedStatement, runPrepared } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';

/** A bank account a tenant linked, as the payment screen shows it: bank name and last four, never its numbers. */
export interface LinkedAccount {
  id: string;
  tenantUserId: string;
  connectedAccountId: string;
  paymentMethodId: string;
  bankName: string;
  last4: string;
  saved: boolean;
  blocked: boolean;
  /** The provider's customer the payment method is attached to (linked through Financial Connections): debits name it. */
  customerId: string | null;
}

interface AccountRow {
  id: string;
  tenant_user_id: string;
  connected_account_id: string;
  payment_method_id: string;
  bank_name: string;
  last4: string;
  saved: boolean;
  removed_at: Date | null;
  blocked_at: Date | null;
  customer_id: string | null;
}

// Prepared: every bank payment asks it, when the account is adopted and when the debit names its customer.
const ACCOUNT_BY_PAYMENT_METHOD = preparedStatement<AccountRow, [connectedAccountId: string, paymentMethodId: string]>(
  'payments.bank-account-by-payment-method',
  `SELECT id, tenant_user_id, connected_account_id, payment_method_id, bank_name, last4, saved, removed_at, blocked_at, customer_id
     FROM payments.bank_accounts WHERE connected_account_id = $1 AND payment_method_id = $2`,
);

const accountOf = (row: AccountRow): LinkedAccount => ({
  id: row.id,
  tenantUserId: row.tenant_user_id,
  connectedAccountId: row.connected_account_id,
  paymentMethodId: row.payment_method_id,
  bankName: row.bank_name,
  last4: row.last4,
  saved: row.saved && row.removed_at === null,
  blocked: row.blocked_at !== null,
  customerId: row.customer_id,
});

/**
 * The one owner of `payments.bank_accounts`: every account a tenant paid from (a payment method on
 * the landlord's connected account), whether they saved it for next time, and whether a return has
 * blocked it (decision 0038). Each call runs in the running unit of work, if any.
 */
@Injectable()
export class BankAccounts {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /** The account behind a payment method, remembered on first use; saving it is the tenant's choice, kept once made. */
  async remember(account: Omit<LinkedAccount, 'id' | 'blocked'> & { provider: string }): Promise<LinkedAccount> {
    const now = this.clock.now();
    const [row] = await this.unitOfWork.manager.query<AccountRow[]>(
      `INSERT INTO payments.bank_accounts
         (id, tenant_user_id, provider, connected_account_id, payment_method_id, bank_name, last4, saved, customer_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)
       ON CONFLICT (connected_account_id, payment_method_id)
         DO UPDATE SET saved = payments.bank_accounts.saved OR EXCLUDED.saved,
           customer_id = COALESCE(EXCLUDED.customer_id, payments.bank_accounts.customer_id), updated_at = EXCLUDED.updated_at
       RETURNING *`,
      [
        randomUUID(), account.tenantUserId, account.provider, account.connectedAccountId, account.paymentMethodId,
        account.bankName, account.last4, account.saved, account.customerId, now,
      ],
    );
    return accountOf(row);
  }

  /** A tenant's own linked account by our id (null for anyone else's). */
  async ofTenant(tenantUserId: string, id: string): Promise<LinkedAccount | null> {
    const [row] = await this.unitOfWork.manager.query<AccountRow[]>(
      `SELECT * FROM payments.bank_accounts WHERE id = $1 AND tenant_user_id = $2`,
      [id, tenantUserId],
    );
    return row ? accountOf(row) : null;
  }

  async byPaymentMethod(connectedAccountId: string, paymentMethodId: string): Promise<LinkedAccount | null> {
    const [row] = await runPrepared(this.unitOfWork.manager, ACCOUNT_BY_PAYMENT_METHOD, [connectedAccountId, paymentMethodId]);
    return row ? accountOf(row) : null;
  }

  /** The accounts a tenant saved and can still pay from, on their landlord's account. */
  async savedBy(tenantUserId: string, connectedAccountId: string): Promise<LinkedAccount[]> {
    const rows = await this.unitOfWork.manager.query<AccountRow[]>(
      `SELECT * FROM payments.bank_accounts
        WHERE tenant_user_id = $1 AND connected_account_id = $2 AND saved AND removed_at IS NULL AND blocked_at IS NULL
        ORDER BY created_at DESC`,
      [tenantUserId, connectedAccountId],
    );
    return rows.map(accountOf);
  }

  /** The tenant takes a saved account off the payment screen; false when it is not theirs or already gone. */
  async remove(tenantUserId: string, id: string): Promise<boolean> {
    const rows = await this.unitOfWork.manager.query<{ id: string }[]>(
      `WITH changed AS (UPDATE payments.bank_accounts SET removed_at = $3, updated_at = $3
        WHERE id = $1 AND tenant_user_id = $2 AND saved AND removed_at IS NULL
       RETURNING id) SELECT id FROM changed`,
      [id, tenantUserId, this.clock.now()],
    );
    return rows.length === 1;
  }

  /** After a return that forbids another debit (libs blocksBankAccount): never debited again. */
  async block(connectedAccountId: string, paymentMethodId: string, reason: string): Promise<void> {
    await this.unitOfWork.manager.query(
      `UPDATE payments.bank_accounts SET blocked_at = $3, blocked_reason = $4, updated_at = $3
        WHERE connected_account_id = $1 AND payment_method_id = $2 AND blocked_at IS NULL`,
      [connectedAccountId, paymentMethodId, this.clock.now(), reason],
    );
  }
}
