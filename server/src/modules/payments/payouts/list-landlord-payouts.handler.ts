import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { bankPaymentLabel } from '@rentwise/libs/bank-debits';
import { billingMonthLabel, billingMonthOf } from '@rentwise/libs/billing-month';
import { paymentMethodLabel } from '@rentwise/libs/card-number';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetUser } from '../../accounts/contracts/get-user.query';
import { GetProperty } from '../../properties/contracts/get-property.query';
import { GetLandlordTimeZone } from '../contracts/get-landlord-time-zone.query';
import { ListDisputedAfterRefund } from '../refund-disputes/list-disputed-after-refund.query';
import { LandlordPayoutsView, ListLandlordPayouts, PayoutLineView, PayoutView } from './list-landlord-payouts.query';

interface Row {
  payout_row_id: string;
  payout_id: string;
  payout_amount_cents: string;
  status: PayoutView['status'];
  initiated_at: Date;
  expected_arrival_at: Date;
  paid_at: Date | null;
  kind: string | null;
  amount_cents: string | null;
  fee_cents: string | null;
  net_cents: string | null;
  occurred_at: Date | null;
  tenant_user_id: string | null;
  property_id: string | null;
  charged_at: Date | null;
  payment_id: string | null;
  method: 'card' | 'bank_debit' | null;
  card_brand: string | null;
  card_last4: string | null;
  bank_last4: string | null;
}

/** 'Visa •••• 4242', or 'Bank payment •••• 6789' for a bank debit; null when the line is about no payment of ours. */
function paidWithOf(row: Row): string | null {
  if (!row.method) return null;
  return row.method === 'bank_debit' ? bankPaymentLabel(row.bank_last4) : paymentMethodLabel(row.card_brand, row.card_last4);
}

@QueryHandler(ListLandlordPayouts)
export class ListLandlordPayoutsHandler implements IQueryHandler<ListLandlordPayouts> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly queries: QueryBus,
  ) {}

  async execute({ landlordUserId }: ListLandlordPayouts): Promise<LandlordPayoutsView> {
    const [rows, disputedAfterRefund] = await Promise.all([this.rows(landlordUserId), this.queries.execute(new ListDisputedAfterRefund(landlordUserId))]);
    const flagged = new Set(disputedAfterRefund.map((payment) => payment.receiptId));
    return { payouts: await this.payoutsOf(landlordUserId, rows, flagged), disputedAfterRefund };
  }

  private rows(landlordUserId: string): Promise<Row[]> {
    return this.unitOfWork.manager.query<Row[]>(
      `SELECT p.id AS payout_row_id, p.payout_id, p.amount_cents AS payout_amount_cents, p.status, p.initiated_at,
              p.expected_arrival_at, p.paid_at, l.kind, l.amount_cents, l.fee_cents, l.net_cents, l.occurred_at,
              c.tenant_user_id, c.property_id, c.charged_at, c.ledger_transaction_id AS payment_id,
              c.method, c.card_brand, c.card_last4, c.bank_last4
         FROM payments.payouts p
         LEFT JOIN payments.payout_lines l ON l.payout_row_id = p.id
         LEFT JOIN payments.card_payments c ON c.connected_account_id = p.connected_account_id AND c.charge_id = l.charge_id
        WHERE p.landlord_user_id = $1
        ORDER BY p.initiated_at DESC, p.id, l.occurred_at, l.id`,
      [landlordUserId],
    );
  }

  private async payoutsOf(landlordUserId: string, rows: Row[], disputedAfterRefund: ReadonlySet<string>): Promise<PayoutView[]> {
    // A payment's month is judged on the landlord's calendar, as their statements judge it (decision 0016).
    const timeZone = await this.queries.execute(new GetLandlordTimeZone(landlordUserId));
    const names = new Map<string, Promise<string | null>>();
    const nameOf = (kind: 'user' | 'property', id: string | null): Promise<string | null> => {
      if (!id) return Promise.resolve(null);
      const key = `${kind}:${id}`;
      if (!names.has(key)) {
        names.set(
          key,
          kind === 'user'
            ? this.queries.execute(new GetUser(id)).then((user) => (user ? `${user.firstName} ${user.lastName}` : null))
            : this.queries.execute(new GetProperty(id)).then((property) => property?.address ?? null),
        );
      }
      return names.get(key)!;
    };
    const payouts = new Map<string, PayoutView>();
    for (const row of rows) {
      let payout = payouts.get(row.payout_row_id);
      if (!payout) {
        payout = {
          payoutId: row.payout_id,
          amountCents: Number(row.payout_amount_cents),
          status: row.status,
          initiatedAt: row.initiated_at.toISOString(),
          expectedArrivalAt: row.expected_arrival_at.toISOString(),
          paidAt: row.paid_at?.toISOString() ?? null,
          lines: [],
        };
        payouts.set(row.payout_row_id, payout);
      }
      if (!row.kind || !row.occurred_at) continue;
      const line: PayoutLineView = {
        kind: row.kind,
        tenantName: await nameOf('user', row.tenant_user_id),
        propertyAddress: await nameOf('property', row.property_id),
        paidWith: paidWithOf(row),
        method: row.method,
        receiptId: row.payment_id,
        month: row.charged_at ? billingMonthLabel(billingMonthOf(row.charged_at, timeZone)) : null,
        amountCents: Number(row.net_cents),
        grossCents: Number(row.amount_cents),
        feeCents: Number(row.fee_cents),
        occurredAt: row.occurred_at.toISOString(),
        disputedAfterRefund: row.payment_id !== null && disputedAfterRefund.has(row.payment_id),
      };
      payout.lines.push(line);
    }
    return [...payouts.values()];
  }
}
