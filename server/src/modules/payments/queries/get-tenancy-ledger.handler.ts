import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { GetLandlordTenancy } from '../../tenants/contracts/get-landlord-tenancy.query';
import { TenantLedgerReader } from '../charges/tenant-ledger-reader';
import { GetLandlordTimeZone } from '../contracts/get-landlord-time-zone.query';
import { GetTenancyLedger } from './get-tenancy-ledger.query';
import { type TenantLedgerView, tenantLedgerView } from './tenant-ledger-view';

@QueryHandler(GetTenancyLedger)
export class GetTenancyLedgerHandler implements IQueryHandler<GetTenancyLedger> {
  constructor(
    private readonly ledger: TenantLedgerReader,
    private readonly queries: QueryBus,
  ) {}

  async execute({ landlordUserId, propertyId, tenantUserId }: GetTenancyLedger): Promise<TenantLedgerView | null> {
    const tenancy = await this.queries.execute(new GetLandlordTenancy(landlordUserId, propertyId, tenantUserId));
    if (!tenancy) return null;
    const [journals, timeZone] = await Promise.all([
      this.ledger.journals(tenantUserId, propertyId),
      this.queries.execute(new GetLandlordTimeZone(landlordUserId)),
    ]);
    return tenantLedgerView(journals, timeZone, { propertyId, propertyAddress: tenancy.propertyAddress, tenantUserId, tenantName: tenancy.tenantName });
  }
}
