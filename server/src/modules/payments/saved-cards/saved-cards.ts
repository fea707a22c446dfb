import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Clock } from '../../../infrastructure/clock/clock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';

/** A card a tenant saved for autopay, as the provider described it when it was saved: never its number. */
export interface SavedCard {
  id: string;
  tenantUserId: string;
  connectedAccountId: string;
  /** The provider's customer it is attached to: every charge names it. */
  customerId: string;
  paymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  removed: boolean;
}

interface CardRow {
  id: string;
  tenant_user_id: string;
  connected_account_id: string;
  customer_id: string;
  payment_method_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  removed_at: Date | null;
}

const cardOf = (row: CardRow): SavedCard => ({
  id: row.id,
  tenantUserId: row.tenant_user_id,
  connectedAccountId: row.connected_account_id,
  customerId: row.customer_id,
  paymentMethodId: row.payment_method_id,
  brand: row.brand,
  last4: row.last4,
  expMonth: row.exp_month,
  expYear: row.exp_year,
  removed: row.removed_at !== null,
});

/**
 * The one owner of `payments.saved_cards`: the cards tenants saved through the provider for payments
 * without them (decision 0042), each a payment method attached to the tenant's customer on the
 * landlord's connected account. Each call runs in the running unit of work, if any.
 */
@Injectable()
export class SavedCards {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /**
   * Keeps the card for the tenant, as saved now (a card saved again after its removal is back, with
   * the provider's latest expiry). Another tenant's card keeps its owner: the caller compares.
   */
  async keep(card: Omit<SavedCard, 'id' | 'removed'> & { provider: string }): Promise<SavedCard> {
    const now = this.clock.now();
    await this.unitOfWork.manager.query(
      `INSERT INTO payments.saved_cards
         (id, tenant_user_id, provider, connected_account_id, customer_id, payment_method_id, brand, last4, exp_month, exp_year, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)
       ON CONFLICT (connected_account_id, payment_method_id) DO UPDATE
         SET removed_at = NULL, exp_month = EXCLUDED.exp_month, exp_year = EXCLUDED.exp_year, updated_at = EXCLUDED.updated_at
         WHERE payments.saved_cards.tenant_user_id = EXCLUDED.tenant_user_id`,
      [
        randomUUID(), card.tenantUserId, card.provider, card.connectedAccountId, card.customerId, card.paymentMethodId,
        card.brand, card.last4, card.expMonth, card.expYear, now,
      ],
    );
    // A new statement: it sees the row a concurrent save committed first, and another tenant's row as it is.
    return (await this.byPaymentMethod(card.connectedAccountId, card.paymentMethodId)) as SavedCard;
  }

  /** A tenant's own card by our id, removed or not (null for anyone else's). */
  async ofTenant(tenantUserId: string, id: string): Promise<SavedCard | null> {
    const [row] = await this.unitOfWork.manager.query<CardRow[]>(`SELECT * FROM payments.saved_cards WHERE id = $1 AND tenant_user_id = $2`, [id, tenantUserId]);
    return row ? cardOf(row) : null;
  }

  /**
   * The same, its row locked until the running transaction ends: turning autopay on with a card and
   * removing it wait for each other, so neither acts on what the other is changing.
   */
  async lockOfTenant(tenantUserId: string, id: string): Promise<SavedCard | null> {
    const [row] = await this.unitOfWork.manager.query<CardRow[]>(
      `SELECT * FROM payments.saved_cards WHERE id = $1 AND tenant_user_id = $2 FOR UPDATE`,
      [id, tenantUserId],
    );
    return row ? cardOf(row) : null;
  }

  async byPaymentMethod(connectedAccountId: string, paymentMethodId: string): Promise<SavedCard | null> {
    const [row] = await this.unitOfWork.manager.query<CardRow[]>(
      `SELECT * FROM payments.saved_cards WHERE connected_account_id = $1 AND payment_method_id = $2`,
      [connectedAccountId, paymentMethodId],
    );
    return row ? cardOf(row) : null;
  }

  /** The cards a tenant saved and has not removed, on their landlord's account, newest first. */
  async savedBy(tenantUserId: string, connectedAccountId: string): Promise<SavedCard[]> {
    const rows = await this.unitOfWork.manager.query<CardRow[]>(
      `SELECT * FROM payments.saved_cards WHERE tenant_user_id = $1 AND connected_account_id = $2 AND removed_at IS NULL ORDER BY created_at DESC, id`,
      [tenantUserId, connectedAccountId],
    );
    return rows.map(cardOf);
  }

  async markRemoved(id: string): Promise<void> {
    const now = this.clock.now();
    await this.unitOfWork.manager.query(`UPDATE payments.saved_cards SET removed_at = $2, updated_at = $2 WHERE id = $1 AND removed_at IS NULL`, [id, now]);
  }
}
