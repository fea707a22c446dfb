import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { ListPropertyTenancies, TenancyPeriod } from '../contracts/list-property-tenancies.query';
import { isId } from '../tenancies/ids';
import { Tenancy } from '../tenancies/tenancy.entity';

@QueryHandler(ListPropertyTenancies)
export class ListPropertyTenanciesHandler implements IQueryHandler<ListPropertyTenancies> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute({ propertyId }: ListPropertyTenancies): Promise<TenancyPeriod[]> {
    if (!isId(propertyId)) return [];
    const tenancies = await this.unitOfWork
      .repository(Tenancy)
      .find({ where: { propertyId }, order: { startedAt: 'ASC', id: 'ASC' } });
    return tenancies.map((tenancy) => ({
      tenantUserId: tenancy.tenantUserId,
      startedAt: tenancy.startedAt.toISOString(),
      endedAt: tenancy.endedAt?.toISOString() ?? null,
    }));
  }
}
