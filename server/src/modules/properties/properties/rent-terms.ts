import type { PropertyRentTerms } from '../contracts/get-rent-terms.query';
import type { Property } from './property.entity';

/** The rent terms' columns of properties.properties. */
export interface RentTermsRow {
  rent_due_day: number;
  late_fee_grace_days: number;
  late_fee_flat_cents: number;
  late_fee_percent_basis_points: number;
  late_fee_daily_cents: number;
  late_fee_monthly_cap_cents: number | null;
  late_fees_since: Date | null;
}

export function rentTermsOfRow(row: RentTermsRow): PropertyRentTerms {
  return {
    dueDay: row.rent_due_day,
    lateFees: {
      graceDays: row.late_fee_grace_days,
      flatCents: row.late_fee_flat_cents,
      percentBasisPoints: row.late_fee_percent_basis_points,
      dailyCents: row.late_fee_daily_cents,
      monthlyCapCents: row.late_fee_monthly_cap_cents,
    },
    lateFeesSince: row.late_fees_since,
  };
}

export function rentTermsOf(property: Property): PropertyRentTerms {
  return {
    dueDay: property.rentDueDay,
    lateFees: {
      graceDays: property.lateFeeGraceDays,
      flatCents: property.lateFeeFlatCents,
      percentBasisPoints: property.lateFeePercentBasisPoints,
      dailyCents: property.lateFeeDailyCents,
      monthlyCapCents: property.lateFeeMonthlyCapCents,
    },
    lateFeesSince: property.lateFeesSince,
  };
}
