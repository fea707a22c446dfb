import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { IsNull } from 'typeorm';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetProperty } from '../../properties/contracts/get-property.query';
import { GetTenancy } from '../contracts/get-tenancy.query';
import type { TenancyView } from '../contracts/tenancy-view';
import { isId } from '../tenancies/ids';
import { Tenancy } from '../tenancies/tenancy.entity';

@QueryHandler(GetTenancy)
export class GetTenancyHandler implements IQueryHandler<GetTenancy> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly queries: QueryBus,
  ) {}

  async execute({ tenantUserId }: GetTenancy): Promise<TenancyView | null> {
    if (!isId(tenantUserId)) return null;
    const tenancy = await this.unitOfWork.repository(Tenancy).findOneBy({ tenantUserId, endedAt: IsNull() });
    if (!tenancy) return null;
    const property = await this.queries.execute(new GetProperty(tenancy.propertyId));
    if (!property) return null;
    return {
      tenancyId: tenancy.id,
      tenantUserId,
      propertyId: tenancy.propertyId,
      landlordUserId: tenancy.landlordUserId,
      rentCents: property.rentCents,
      propertyAddress: property.address,
      startedAt: tenancy.startedAt.toISOString(),
    };
  }
}
