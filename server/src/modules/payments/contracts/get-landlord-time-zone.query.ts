import { Query } from '@nestjs/cqrs';

/**
 * The IANA time zone a landlord's billing months are judged in (decision 0016): their statement
 * setting, or the product's default. Payments asks it (a payment's month on the Payouts page); the
 * statements module, which owns the setting, answers it. It is declared here so the modules depend
 * one way only: statements on payments, never back.
 */
export class GetLandlordTimeZone extends Query<string> {
  constructor(readonly landlordUserId: string) {
    super();
  }
}

/** GetLandlordTimeZone for many landlords in one read (the rent charging job's page): each landlord's zone. */
export class GetLandlordTimeZones extends Query<Map<string, string>> {
  constructor(readonly landlordUserIds: readonly string[]) {
    super();
  }
}
