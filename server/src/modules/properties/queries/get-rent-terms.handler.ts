import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetRentTerms, PropertyRentTerms } from '../contracts/get-rent-terms.query';
import { isPropertyId } from '../properties/property-id';
import { type RentTermsRow, rentTermsOfRow } from '../properties/rent-terms';

const RENT_TERMS = preparedStatement<RentTermsRow & { id: string }, [propertyIds: string[]]>(
  'properties.rent-terms',
  `SELECT id, rent_due_day, late_fee_grace_days, late_fee_flat_cents, late_fee_percent_basis_points, late_fee_daily_cents,
          late_fee_monthly_cap_cents, late_fees_since
     FROM properties.properties WHERE id = ANY($1::uuid[])`,
);

@QueryHandler(GetRentTerms)
export class GetRentTermsHandler implements IQueryHandler<GetRentTerms> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute({ propertyIds }: GetRentTerms): Promise<Map<string, PropertyRentTerms>> {
    const ids = propertyIds.filter(isPropertyId);
    if (ids.length === 0) return new Map();
    const rows = await this.unitOfWork.query(RENT_TERMS, [ids]);
    return new Map(rows.map((row) => [row.id, rentTermsOfRow(row)]));
  }
}
