import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { GetUser } from '../../accounts/contracts/get-user.query';
import { GetTenancy } from '../../tenants/contracts/get-tenancy.query';
import { TenantLedgerReader } from '../charges/tenant-ledger-reader';
import { GetLandlordTimeZone } from '../contracts/get-landlord-time-zone.query';
import { GetTenantLedger } from './get-tenant-ledger.query';
import { type TenantLedgerView, tenantLedgerView } from './tenant-ledger-view';

@QueryHandler(GetTenantLedger)
export class GetTenantLedgerHandler implements IQueryHandler<GetTenantLedger> {
  constructor(
    private readonly ledger: TenantLedgerReader,
    private readonly queries: QueryBus,
  ) {}

  async execute({ tenantUserId }: GetTenantLedger): Promise<TenantLedgerView | null> {
    const tenancy = await this.queries.execute(new GetTenancy(tenantUserId));
    if (!tenancy) return null;
    const [journals, timeZone, tenant] = await Promise.all([
      this.ledger.journals(tenantUserId, tenancy.propertyId),
      this.queries.execute(new GetLandlordTimeZone(tenancy.landlordUserId)),
      this.queries.execute(new GetUser(tenantUserId)),
    ]);
    return tenantLedgerView(journals, timeZone, {
      propertyId: tenancy.propertyId,
      propertyAddress: tenancy.propertyAddress,
      tenantUserId,
      tenantName: tenant ? `${tenant.firstName} ${tenant.lastName}` : '',
    });
  }
}
