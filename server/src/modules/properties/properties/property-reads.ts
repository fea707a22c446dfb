import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { Property } from './property.entity';

/** properties.properties as the hot reads select it (every column the entity maps). */
export interface PropertyRow {
  id: string;
  landlord_user_id: string;
  address: string;
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  zip: string;
  rent_cents: number;
  rent_due_day: number;
  late_fee_grace_days: number;
  late_fee_flat_cents: number;
  late_fee_percent_basis_points: number;
  late_fee_daily_cents: number;
  late_fee_monthly_cap_cents: number | null;
  late_fees_since: Date | null;
  archived_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, landlord_user_id, address, line1, line2, city, state, zip, rent_cents, rent_due_day, ' +
  'late_fee_grace_days, late_fee_flat_cents, late_fee_percent_basis_points, late_fee_daily_cents, late_fee_monthly_cap_cents, late_fees_since, archived_at, created_at, updated_at';

/** Index properties_landlord_idx (landlord_user_id, created_at) gives the order; tens of rows, hundreds at most. */
export const LANDLORD_PROPERTIES = preparedStatement<PropertyRow, [landlordUserId: string]>(
  'properties.landlord-properties',
  `SELECT ${COLUMNS} FROM properties.properties WHERE landlord_user_id = $1 ORDER BY created_at, id`,
);

export const LANDLORDS_PROPERTIES = preparedStatement<PropertyRow, [landlordUserIds: readonly string[]]>(
  'properties.landlords-properties',
  `SELECT ${COLUMNS} FROM properties.properties WHERE landlord_user_id = ANY($1::uuid[]) ORDER BY landlord_user_id, created_at, id`,
);

export const LANDLORD_CURRENT_PROPERTIES = preparedStatement<PropertyRow, [landlordUserId: string]>(
  'properties.landlord-current-properties',
  `SELECT ${COLUMNS} FROM properties.properties
    WHERE landlord_user_id = $1 AND archived_at IS NULL ORDER BY created_at, id`,
);

export const PROPERTY_BY_ID = preparedStatement<PropertyRow, [propertyId: string]>(
  'properties.property-by-id',
  `SELECT ${COLUMNS} FROM properties.properties WHERE id = $1`,
);

export function propertyOfRow(row: PropertyRow): Property {
  return Object.assign(new Property(), {
    id: row.id,
    landlordUserId: row.landlord_user_id,
    address: row.address,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    rentCents: row.rent_cents,
    rentDueDay: row.rent_due_day,
    lateFeeGraceDays: row.late_fee_grace_days,
    lateFeeFlatCents: row.late_fee_flat_cents,
    lateFeePercentBasisPoints: row.late_fee_percent_basis_points,
    lateFeeDailyCents: row.late_fee_daily_cents,
    lateFeeMonthlyCapCents: row.late_fee_monthly_cap_cents,
    lateFeesSince: row.late_fees_since,
    archivedAt: row.archived_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
}
