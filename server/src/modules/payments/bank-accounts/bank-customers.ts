import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Clock } from '../../../infrastructure/clock/clock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetUser } from '../../accounts/contracts/get-user.query';
import type { CreateBankLinkSession } from '../gateways/payment-gateway.port';

/**
 * The one owner of `payments.bank_customers`: the provider's customer for each tenant on each
 * landlord's connected account, which a bank account linked through Financial Connections, and a
 * card saved for autopay, are attached to (one customer for both).
 */
@Injectable()
export class BankCustomers {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly queries: QueryBus,
  ) {}

  /**
   * The customer as a provider setup call names it: the one kept, or the tenant's name and email to
   * make one with, under a key of tenant and account, so a doubled request makes one. The caller
   * keeps a customer made (`keep`).
   */
  async toSetUp(tenantUserId: string, connectedAccountId: string): Promise<CreateBankLinkSession> {
    const [known, tenant] = await Promise.all([this.of(tenantUserId, connectedAccountId), this.queries.execute(new GetUser(tenantUserId))]);
    return {
      connectedAccountId,
      customerId: known,
      customer: { name: tenant ? `${tenant.firstName} ${tenant.lastName}` : '', email: tenant?.email ?? '' },
      idempotencyKey: `bank-customer:${tenantUserId}:${connectedAccountId}`,
    };
  }

  async of(tenantUserId: string, connectedAccountId: string): Promise<string | null> {
    const [row] = await this.unitOfWork.manager.query<{ customer_id: string }[]>(
      `SELECT customer_id FROM payments.bank_customers WHERE tenant_user_id = $1 AND connected_account_id = $2`,
      [tenantUserId, connectedAccountId],
    );
    return row?.customer_id ?? null;
  }

  /** The tenant a customer on the account was made for; null for a customer we did not make. */
  async tenantOf(connectedAccountId: string, customerId: string): Promise<string | null> {
    const [row] = await this.unitOfWork.manager.query<{ tenant_user_id: string }[]>(
      `SELECT tenant_user_id FROM payments.bank_customers WHERE connected_account_id = $1 AND customer_id = $2`,
      [connectedAccountId, customerId],
    );
    return row?.tenant_user_id ?? null;
  }

  /** The customer kept for the tenant on the account: this one, or the one a concurrent request stored first. */
  async keep(tenantUserId: string, connectedAccountId: string, customerId: string): Promise<string> {
    const [stored] = await this.unitOfWork.manager.query<{ customer_id: string }[]>(
      `INSERT INTO payments.bank_customers (tenant_user_id, connected_account_id, customer_id, created_at)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (tenant_user_id, connected_account_id) DO NOTHING
       RETURNING customer_id`,
      [tenantUserId, connectedAccountId, customerId, this.clock.now()],
    );
    // A concurrent request's row: the insert waited for it to commit, but that statement's snapshot
    // predates it (read committed), so only a new statement sees it.
    return stored?.customer_id ?? ((await this.of(tenantUserId, connectedAccountId)) as string);
  }
}
