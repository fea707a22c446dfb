import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface DevToolsCharge {
  accountId: string;
  accountEmail: string | null;
  chargeId: string;
  description: string;
  amountCents: number;
  refundedCents: number;
  chargedAt: Date;
  card: string;
  /** The charge's latest dispute, if any. */
  dispute: { disputeId: string; status: 'needs_response' | 'won' | 'lost' } | null;
}

export interface DevToolsBalance {
  accountId: string;
  accountEmail: string | null;
  /** What the next payout would send to the landlord's bank (lines not yet paid out). */
  availableCents: number;
  lines: number;
}

export interface DevToolsPayout {
  accountId: string;
  accountEmail: string | null;
  payoutId: string;
  amountCents: number;
  createdAt: Date;
}

export interface DevToolsEvent {
  type: string;
  objectId: string | null;
  status: string;
  outcome: string | null;
  receivedAt: Date;
}

/** A bank debit still processing: the bank has not answered yet. */
export interface DevToolsBankDebit {
  accountId: string;
  accountEmail: string | null;
  chargeId: string;
  description: string;
  amountCents: number;
  createdAt: Date;
  account: string;
  /** When the sandbox's clock settles it by itself; null for the account that stays processing. */
  settlesAt: Date | null;
}

export interface DevToolsOverview {
  bankDebits: DevToolsBankDebit[];
  charges: DevToolsCharge[];
  balances: DevToolsBalance[];
  payouts: DevToolsPayout[];
  events: DevToolsEvent[];
}

const LIMIT = 30;

/**
 * What the sandbox money tools page shows: the sandbox provider's recent charges (with their refunds
 * and disputes), the landlords' balances not yet paid out, recent payouts, and the provider events our
 * endpoint received with what became of them, so a developer can watch each change arrive.
 */
@Injectable()
export class SandboxDevTools {
  constructor(private readonly dataSource: DataSource) {}

  async overview(): Promise<DevToolsOverview> {
    const [bankDebits, charges, balances, payouts, events] = await Promise.all([
      this.dataSource.query<
        { account_id: string; email: string | null; id: string; description: string; amount_cents: string; created_at: Date; bank_name: string; last4: string; settles_at: Date | null }[]
      >(
        `SELECT c.account_id, a.email, c.id, c.description, c.amount_cents, c.created_at, m.bank_name, m.last4,
                CASE WHEN m.outcome = 'stays_processing' THEN NULL ELSE c.settles_at END AS settles_at
           FROM infra.sandbox_charges c
           JOIN infra.sandbox_payment_methods m ON m.id = c.payment_method_id
           LEFT JOIN infra.sandbox_connected_accounts a ON a.id = c.account_id
          WHERE c.status = 'pending'
          ORDER BY c.created_at DESC, c.id
          LIMIT ${LIMIT}`,
      ),
      this.dataSource.query<
        {
          account_id: string;
          email: string | null;
          id: string;
          description: string;
          amount_cents: string;
          refunded_cents: string;
          created_at: Date;
          brand: string;
          last4: string;
          bank_name: string | null;
          dispute_id: string | null;
          dispute_status: 'needs_response' | 'won' | 'lost' | null;
        }[]
      >(
        `SELECT c.account_id, a.email, c.id, c.description, c.amount_cents, c.created_at, m.brand, m.last4, m.bank_name,
                (SELECT coalesce(sum(r.amount_cents), 0) FROM infra.sandbox_refunds r
                  WHERE r.charge_id = c.id AND r.status IN ('pending', 'succeeded')) AS refunded_cents,
                d.id AS dispute_id, d.status AS dispute_status
           FROM infra.sandbox_charges c
           JOIN infra.sandbox_payment_methods m ON m.id = c.payment_method_id
           LEFT JOIN infra.sandbox_connected_accounts a ON a.id = c.account_id
           LEFT JOIN LATERAL (SELECT id, status FROM infra.sandbox_disputes
                               WHERE charge_id = c.id ORDER BY created_at DESC, id LIMIT 1) d ON true
          WHERE c.status = 'succeeded'
          ORDER BY c.created_at DESC, c.id
          LIMIT ${LIMIT}`,
      ),
      this.dataSource.query<{ account_id: string; email: string | null; available_cents: string; lines: string }[]>(
        `SELECT b.account_id, a.email, sum(b.net_cents) AS available_cents, count(*) AS lines
           FROM infra.sandbox_balance_transactions b
           LEFT JOIN infra.sandbox_connected_accounts a ON a.id = b.account_id
          WHERE b.payout_id IS NULL AND b.kind <> 'payout'
          GROUP BY b.account_id, a.email
          ORDER BY a.email, b.account_id`,
      ),
      this.dataSource.query<{ account_id: string; email: string | null; id: string; amount_cents: string; created_at: Date }[]>(
        `SELECT p.account_id, a.email, p.id, p.amount_cents, p.created_at
           FROM infra.sandbox_payouts p
           LEFT JOIN infra.sandbox_connected_accounts a ON a.id = p.account_id
          ORDER BY p.created_at DESC, p.id
          LIMIT ${LIMIT}`,
      ),
      this.dataSource.query<{ type: string; object_id: string | null; status: string; outcome: string | null; received_at: Date }[]>(
        `SELECT type, event #>> '{data,object,id}' AS object_id, status, outcome, received_at
           FROM infra.inbox
          ORDER BY received_at DESC, provider_created_at DESC
          LIMIT ${LIMIT}`,
      ),
    ]);
    return {
      bankDebits: bankDebits.map((row) => ({
        accountId: row.account_id,
        accountEmail: row.email,
        chargeId: row.id,
        description: row.description,
        amountCents: Number(row.amount_cents),
        createdAt: row.created_at,
        account: `${row.bank_name} •••• ${row.last4}`,
        settlesAt: row.settles_at,
      })),
      charges: charges.map((row) => ({
        accountId: row.account_id,
        accountEmail: row.email,
        chargeId: row.id,
        description: row.description,
        amountCents: Number(row.amount_cents),
        refundedCents: Number(row.refunded_cents),
        chargedAt: row.created_at,
        card: row.bank_name ? `${row.bank_name} •••• ${row.last4}` : `${row.brand} •••• ${row.last4}`,
        dispute: row.dispute_id && row.dispute_status ? { disputeId: row.dispute_id, status: row.dispute_status } : null,
      })),
      balances: balances.map((row) => ({
        accountId: row.account_id,
        accountEmail: row.email,
        availableCents: Number(row.available_cents),
        lines: Number(row.lines),
      })),
      payouts: payouts.map((row) => ({
        accountId: row.account_id,
        accountEmail: row.email,
        payoutId: row.id,
        amountCents: Number(row.amount_cents),
        createdAt: row.created_at,
      })),
      events: events.map((row) => ({
        type: row.type,
        objectId: row.object_id,
        status: row.status,
        outcome: row.outcome,
        receivedAt: row.received_at,
      })),
    };
  }
}
