import { NotFoundException } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { MESSAGES } from '@rentwise/libs/messages';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetUser } from '../../accounts/contracts/get-user.query';
import { findCurrentTenancy } from '../tenancies/current-tenancy';
import { managedProperty } from '../tenancies/managed-property';
import { GetLandlordTenant } from './get-landlord-tenant.query';
import { LandlordTenantView, TenantPropertyView, toLandlordTenantView, toTenantPropertyView } from './landlord-tenant-view';

@QueryHandler(GetLandlordTenant)
export class GetLandlordTenantHandler implements IQueryHandler<GetLandlordTenant> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly queries: QueryBus,
  ) {}

  async execute({
    landlordUserId,
    propertyId,
    tenantUserId,
  }: GetLandlordTenant): Promise<{ property: TenantPropertyView; tenant: LandlordTenantView }> {
    const tenancy = await findCurrentTenancy(this.unitOfWork, { landlordUserId, propertyId, tenantUserId });
    const property = await managedProperty(this.queries, landlordUserId, tenancy.propertyId);
    const user = await this.queries.execute(new GetUser(tenantUserId));
    if (!user) throw new NotFoundException(MESSAGES.notFound);
    return {
      property: toTenantPropertyView(property),
      tenant: toLandlordTenantView(tenancy, user),
    };
  }
}
