import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Clock } from '../../../infrastructure/clock/clock';
import { preparedStatement, runPrepared } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';

// Prepared: each bank payment stores its mandate and links the provider's (PostgreSQL plans them once a connection).
const ACCEPT_MANDATE = preparedStatement<
  { id: string },
  [
    id: string, idempotencyKey: string, tenantUserId: string, landlordUserId: string, provider: string, connectedAccountId: string,
    paymentMethodId: string, version: string, text: string, acceptedAt: Date, clientAddress: string, userAgent: string | null,
  ]
>(
  'payments.accept-mandate',
  `INSERT INTO payments.bank_debit_mandates
     (id, idempotency_key, tenant_user_id, landlord_user_id, provider, connected_account_id, payment_method_id,
      version, text, accepted_at, client_address, user_agent, updated_at)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $10)
   ON CONFLICT (idempotency_key) DO NOTHING
   RETURNING id`,
);

const LINK_PROVIDER_MANDATE = preparedStatement<never, [id: string, providerMandateId: string, at: Date]>(
  'payments.link-provider-mandate',
  `UPDATE payments.bank_debit_mandates SET provider_mandate_id = $2, updated_at = $3 WHERE id = $1 AND provider_mandate_id IS NULL`,
);

export interface AcceptedMandate {
  /** The payment attempt's key: a retried request finds the mandate it stored. */
  idempotencyKey: string;
  tenantUserId: string;
  landlordUserId: string;
  provider: string;
  connectedAccountId: string;
  paymentMethodId: string;
  version: string;
  /** The authorization exactly as the tenant read it. */
  text: string;
  acceptedAt: Date;
  clientAddress: string;
  userAgent: string | null;
}

/**
 * The one owner of `payments.bank_debit_mandates`: each bank debit's authorization, stored with its
 * text, time, address and browser before the bank is asked (Nacha keeps the originator to two years
 * of proof), and made inactive when the provider says so (`mandate.updated`).
 */
@Injectable()
export class Mandates {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /** The mandate's id: stored now, or as a retry of the same attempt stored it first. */
  async accept(mandate: AcceptedMandate): Promise<string> {
    const [stored] = await runPrepared(this.unitOfWork.manager, ACCEPT_MANDATE, [
      randomUUID(), mandate.idempotencyKey, mandate.tenantUserId, mandate.landlordUserId, mandate.provider, mandate.connectedAccountId,
      mandate.paymentMethodId, mandate.version, mandate.text, mandate.acceptedAt, mandate.clientAddress, mandate.userAgent,
    ]);
    if (stored) return stored.id;
    // A concurrent retry's row: the insert waited for it to commit, but that statement's snapshot
    // predates it (read committed), so only a new statement sees it.
    const [first] = await this.unitOfWork.manager.query<{ id: string }[]>(`SELECT id FROM payments.bank_debit_mandates WHERE idempotency_key = $1`, [
      mandate.idempotencyKey,
    ]);
    return first.id;
  }

  /** A stored authorization as a later debit names it (autopay's recurring one, decision 0042). */
  async acceptance(id: string): Promise<{ version: string; acceptedAt: Date; clientAddress: string; userAgent: string | null } | null> {
    const [row] = await this.unitOfWork.manager.query<{ version: string; accepted_at: Date; client_address: string; user_agent: string | null }[]>(
      `SELECT version, accepted_at, client_address, user_agent FROM payments.bank_debit_mandates WHERE id = $1`,
      [id],
    );
    return row ? { version: row.version, acceptedAt: row.accepted_at, clientAddress: row.client_address, userAgent: row.user_agent } : null;
  }

  /** The provider's own id for the mandate, once the debit has one. */
  async linkProviderMandate(id: string, providerMandateId: string): Promise<void> {
    await runPrepared(this.unitOfWork.manager, LINK_PROVIDER_MANDATE, [id, providerMandateId, this.clock.now()]);
  }

  /** The provider made the mandate inactive (revoked at the bank, or the account closed). */
  async markInactive(connectedAccountId: string, providerMandateId: string): Promise<number> {
    const rows = await this.unitOfWork.manager.query<{ id: string }[]>(
      `WITH changed AS (UPDATE payments.bank_debit_mandates SET status = 'inactive', updated_at = $3
        WHERE connected_account_id = $1 AND provider_mandate_id = $2 AND status = 'active'
       RETURNING id) SELECT id FROM changed`,
      [connectedAccountId, providerMandateId, this.clock.now()],
    );
    return rows.length;
  }
}
