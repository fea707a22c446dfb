import { Injectable, Logger } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { billingMonthKey, billingMonthLabel, type BillingMonth, localYearMonthAt } from '@rentwise/libs/billing-month';
import { type RentCharge, rentChargesThrough } from '@rentwise/libs/rent-charges';
import { Clock } from '../../../infrastructure/clock/clock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { newEnvelope, type Envelope } from '../../../infrastructure/messaging/envelope';
import { GetRentTerms } from '../../properties/contracts/get-rent-terms.query';
import { GetRentHistories } from '../../properties/contracts/get-rent-histories.query';
import { type ChargeableTenancy, ListTenanciesToCharge } from '../../tenants/contracts/list-tenancies-to-charge.query';
import { GetLandlordTimeZones } from '../contracts/get-landlord-time-zone.query';
import type { LedgerTransactionKind } from '../ledger/ledger-transaction.entity';

/** Tenancies read and charged per transaction: a page's charges commit together. */
const PAGE_SIZE = 200;
/** Charges are ours, not a provider's: the journal's provider column says so. */
const CHARGES_PROVIDER = 'rentwise';

const monthIndex = ({ year, month }: BillingMonth): number => year * 12 + month - 1;

/**
 * Where each tenancy of a page stands: its latest month charged (one index probe each, from the
 * primary key's end), and for an ended tenancy what was charged and credited from its last month on.
 */
const POSTED = preparedStatement<
  { tenancy_id: string; rent_year: number; rent_month: number; kind: 'charge' | 'credit'; amount_cents: string; transaction_id: string },
  [tenancyIds: string[], endedTenancyIds: string[], endMonthIndexes: number[]]
>(
  'payments.rent-charges-posted',
  `SELECT latest.* FROM unnest($1::uuid[]) AS t(id)
     CROSS JOIN LATERAL (
       SELECT r.tenancy_id, r.rent_year, r.rent_month, r.kind, r.amount_cents::text AS amount_cents, r.transaction_id FROM payments.rent_charges r
        WHERE r.tenancy_id = t.id AND r.kind = 'charge' ORDER BY r.rent_year DESC, r.rent_month DESC LIMIT 1) latest
   UNION ALL
   SELECT r.tenancy_id, r.rent_year, r.rent_month, r.kind, r.amount_cents::text, r.transaction_id FROM payments.rent_charges r
     JOIN unnest($2::uuid[], $3::int[]) AS e(id, from_index) ON r.tenancy_id = e.id
    WHERE r.rent_year * 12 + r.rent_month - 1 >= e.from_index`,
);

/**
 * A page's charges and credits: each journal (a taken idempotency key writes nothing), its two entries
 * (the receivable up for a charge, down for a credit, rent_charged the other way) and its rent_charges
 * row, for the journals written now only. The ledger's balance and sign checks run at commit as always.
 */
const POST_CHARGES = preparedStatement<
  { kind: Posting['kind'] },
  [
    keys: string[],
    kinds: string[],
    occurredAt: Date[],
    tenantUserIds: string[],
    landlordUserIds: string[],
    propertyIds: string[],
    descriptions: string[],
    corrects: (string | null)[],
    amountsCents: number[],
    tenancyIds: string[],
    years: number[],
    months: number[],
    dueAt: Date[],
    recordedAt: Date,
    correlationId: string,
    causationId: string,
  ]
>(
  'payments.post-rent-charges',
  `WITH input AS (
     SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::uuid[], $5::uuid[], $6::uuid[], $7::text[], $8::uuid[], $9::bigint[],
                          $10::uuid[], $11::int[], $12::int[], $13::timestamptz[])
       AS i(key, kind, occurred_at, tenant_user_id, landlord_user_id, property_id, description, corrects, amount_cents, tenancy_id, rent_year,
            rent_month, due_at)
   ), journals AS (
     INSERT INTO payments.ledger_transactions (idempotency_key, kind, occurred_at, recorded_at, tenant_user_id, landlord_user_id, property_id,
                                               description, provider, correlation_id, causation_id, corrects_transaction_id)
     SELECT key, kind, occurred_at, $14, tenant_user_id, landlord_user_id, property_id, description, '${CHARGES_PROVIDER}', $15, $16, corrects
       FROM input
     ON CONFLICT DO NOTHING
     RETURNING id, idempotency_key
   ), posted AS (
     SELECT j.id, i.* FROM journals j JOIN input i ON i.key = j.idempotency_key
   ), entries AS (
     INSERT INTO payments.ledger_entries (transaction_id, account, amount_cents)
     SELECT p.id, e.account, e.amount_cents FROM posted p
      CROSS JOIN LATERAL (VALUES ('tenant_receivable', CASE WHEN p.kind = 'rent_charge' THEN p.amount_cents ELSE -p.amount_cents END),
                                 ('rent_charged', CASE WHEN p.kind = 'rent_charge' THEN -p.amount_cents ELSE p.amount_cents END)) AS e(account, amount_cents)
   ), charge_rows AS (
     INSERT INTO payments.rent_charges (tenancy_id, rent_year, rent_month, kind, transaction_id, amount_cents, due_at)
     SELECT tenancy_id, rent_year, rent_month, CASE WHEN kind = 'rent_charge' THEN 'charge' ELSE 'credit' END, id, amount_cents, due_at FROM posted
   )
   SELECT kind FROM posted`,
);

interface Posting {
  tenancy: ChargeableTenancy;
  charge: RentCharge;
  kind: Extract<LedgerTransactionKind, 'rent_charge' | 'rent_credit'>;
  amountCents: number;
  occurredAt: Date;
  description: string;
  /** A credit names the month's charge. */
  correctsTransactionId: string | null;
}

export interface RentChargeRun {
  tenancies: number;
  charges: number;
  credits: number;
}

/**
 * Charges every tenancy the rent it has come to by an instant (decision 0039): each month once, on
 * its due date (or at move-in), pro-rated for a part month, and a credit for the days after a move-out
 * already charged. Exactly once however often it runs and however many run at once: each journal's
 * idempotency key names the tenancy and month, and a key taken by another run writes nothing. A run
 * that stops half way has committed whole pages; the next run finds where each tenancy stands.
 */
@Injectable()
export class RentChargePoster {
  private readonly logger = new Logger(RentChargePoster.name);

  constructor(
    private readonly queries: QueryBus,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async postThrough(through: Date, envelope: Envelope = newEnvelope(through)): Promise<RentChargeRun> {
    const run: RentChargeRun = { tenancies: 0, charges: 0, credits: 0 };
    const timeZones = new Map<string, string>();
    for (let after: string | null = null; ; ) {
      const page: ChargeableTenancy[] = await this.queries.execute(new ListTenanciesToCharge(after, PAGE_SIZE));
      if (page.length === 0) break;
      const posted = await this.postPage(page, through, envelope, timeZones);
      run.tenancies += page.length;
      run.charges += posted.charges;
      run.credits += posted.credits;
      if (page.length < PAGE_SIZE) break;
      after = page[page.length - 1].tenancyId;
    }
    if (run.charges + run.credits > 0) this.logger.log({ ...run, through: through.toISOString() }, 'Rent charged');
    return run;
  }

  private async postPage(page: ChargeableTenancy[], through: Date, envelope: Envelope, timeZones: Map<string, string>): Promise<{ charges: number; credits: number }> {
    const propertyIds = [...new Set(page.map((tenancy) => tenancy.propertyId))];
    const [histories, terms] = await Promise.all([
      this.queries.execute(new GetRentHistories(propertyIds)),
      this.queries.execute(new GetRentTerms(propertyIds)),
    ]);
    const unknownZones = [...new Set(page.map((tenancy) => tenancy.landlordUserId))].filter((landlordUserId) => !timeZones.has(landlordUserId));
    if (unknownZones.length > 0) {
      for (const [landlordUserId, zone] of await this.queries.execute(new GetLandlordTimeZones(unknownZones))) timeZones.set(landlordUserId, zone);
    }
    const ended = page.filter((tenancy): tenancy is ChargeableTenancy & { endedAt: Date } => tenancy.endedAt !== null);
    const endMonths = ended.map((tenancy) =>
      monthIndex(localYearMonthAt(new Date(tenancy.endedAt.getTime() - 1), timeZones.get(tenancy.landlordUserId) as string)),
    );
    const rows = await this.unitOfWork.query(POSTED, [page.map((tenancy) => tenancy.tenancyId), ended.map((tenancy) => tenancy.tenancyId), endMonths]);
    const lastCharged = new Map<string, number>();
    // By tenancy and month, for ended tenancies only (the union's first part may repeat a row: set, not added).
    const postedByMonth = new Map<string, { charged: number; credited: number; chargeId: string | null }>();
    for (const row of rows) {
      const index = monthIndex({ year: row.rent_year, month: row.rent_month });
      if (row.kind === 'charge') lastCharged.set(row.tenancy_id, Math.max(lastCharged.get(row.tenancy_id) ?? -1, index));
      const key = `${row.tenancy_id}:${index}`;
      const month = postedByMonth.get(key) ?? { charged: 0, credited: 0, chargeId: null };
      if (row.kind === 'charge') Object.assign(month, { charged: Number(row.amount_cents), chargeId: row.transaction_id });
      else month.credited = Number(row.amount_cents);
      postedByMonth.set(key, month);
    }

    const postings: Posting[] = [];
    for (const tenancy of page) {
      const rentHistory = (histories.get(tenancy.propertyId) ?? []).map((period) => ({ rentCents: period.rentCents, effectiveFrom: new Date(period.effectiveFrom) }));
      const charges = rentChargesThrough({
        tenancy,
        rentHistory,
        dueDay: terms.get(tenancy.propertyId)?.dueDay ?? 1,
        timeZone: timeZones.get(tenancy.landlordUserId) as string,
        through,
      });
      const chargedThrough = lastCharged.get(tenancy.tenancyId) ?? -1;
      for (const charge of charges) {
        const index = monthIndex(charge.month);
        if (index > chargedThrough) {
          postings.push({
            tenancy,
            charge,
            kind: 'rent_charge',
            amountCents: charge.amountCents,
            occurredAt: charge.chargedAt,
            description: chargeDescription(charge),
            correctsTransactionId: null,
          });
          continue;
        }
        // A month charged before the move-out was known: the days after it come back as a credit, once.
        const month = postedByMonth.get(`${tenancy.tenancyId}:${index}`);
        if (tenancy.endedAt && month && month.credited === 0 && month.charged > charge.amountCents) {
          postings.push({
            tenancy,
            charge,
            kind: 'rent_credit',
            amountCents: month.charged - charge.amountCents,
            occurredAt: tenancy.endedAt,
            description: `Rent credit: ${billingMonthLabel(charge.month)}, ${charge.daysInMonth - charge.occupiedDays} days after moving out`,
            correctsTransactionId: month.chargeId,
          });
        }
      }
    }
    if (postings.length === 0) return { charges: 0, credits: 0 };
    const posted = await this.unitOfWork.run(() => this.post(postings, envelope));
    return { charges: posted.filter((kind) => kind === 'rent_charge').length, credits: posted.filter((kind) => kind === 'rent_credit').length };
  }

  /**
   * A page's journals, their entries and their rows in one statement (a round trip each took most of a
   * 100,000-tenancy run): the kinds of those posted now; a key another run took writes nothing.
   */
  private async post(postings: readonly Posting[], envelope: Envelope): Promise<Posting['kind'][]> {
    const rows = await this.unitOfWork.query(POST_CHARGES, [
      postings.map(({ tenancy, charge, kind }) => `${kind === 'rent_charge' ? 'rent-charge' : 'rent-credit'}:${tenancy.tenancyId}:${billingMonthKey(charge.month)}`),
      postings.map((posting) => posting.kind),
      postings.map((posting) => posting.occurredAt),
      postings.map((posting) => posting.tenancy.tenantUserId),
      postings.map((posting) => posting.tenancy.landlordUserId),
      postings.map((posting) => posting.tenancy.propertyId),
      postings.map((posting) => posting.description),
      postings.map((posting) => posting.correctsTransactionId),
      postings.map((posting) => posting.amountCents),
      postings.map((posting) => posting.tenancy.tenancyId),
      postings.map((posting) => posting.charge.month.year),
      postings.map((posting) => posting.charge.month.month),
      postings.map((posting) => posting.charge.dueAt),
      this.clock.now(),
      envelope.correlationId,
      envelope.id,
    ]);
    return rows.map((row) => row.kind);
  }
}

/** 'Rent: December 2025', or with the days of a part month: 'Rent: November 2025 (16 of 30 days)'. */
function chargeDescription(charge: RentCharge): string {
  const month = billingMonthLabel(charge.month);
  return charge.occupiedDays === charge.daysInMonth ? `Rent: ${month}` : `Rent: ${month} (${charge.occupiedDays} of ${charge.daysInMonth} days)`;
}
