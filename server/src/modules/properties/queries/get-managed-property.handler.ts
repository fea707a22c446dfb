import { NotFoundException } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { MESSAGES } from '@rentwise/libs/messages';
import { CountCurrentTenants } from '../contracts/count-current-tenants.query';
import { GetProperty } from '../contracts/get-property.query';
import { GetManagedProperty } from './get-managed-property.query';
import { ManagedPropertyView, toManagedPropertyView } from './managed-property-view';

@QueryHandler(GetManagedProperty)
export class GetManagedPropertyHandler implements IQueryHandler<GetManagedProperty> {
  constructor(private readonly queries: QueryBus) {}

  async execute({ landlordUserId, propertyId }: GetManagedProperty): Promise<ManagedPropertyView> {
    const property = await this.queries.execute(new GetProperty(propertyId));
    if (!property || property.landlordUserId !== landlordUserId || property.archived) {
      throw new NotFoundException(MESSAGES.notFound);
    }
    const tenants = await this.queries.execute(new CountCurrentTenants([property.propertyId]));
    return toManagedPropertyView(property, tenants[property.propertyId]);
  }
}
