import { NotFoundException } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { MESSAGES } from '@rentwise/libs/messages';
import { GetRentTerms } from '../contracts/get-rent-terms.query';
import { GetManagedProperty } from './get-managed-property.query';
import { GetManagedPropertyDetail } from './get-managed-property-detail.query';
import { ManagedPropertyDetailView } from './managed-property-view';

@QueryHandler(GetManagedPropertyDetail)
export class GetManagedPropertyDetailHandler implements IQueryHandler<GetManagedPropertyDetail> {
  constructor(private readonly queries: QueryBus) {}

  async execute({ landlordUserId, propertyId }: GetManagedPropertyDetail): Promise<ManagedPropertyDetailView> {
    const property = await this.queries.execute(new GetManagedProperty(landlordUserId, propertyId));
    const terms = (await this.queries.execute(new GetRentTerms([property.propertyId]))).get(property.propertyId);
    if (!terms) throw new NotFoundException(MESSAGES.notFound);
    return { ...property, rentTerms: { dueDay: terms.dueDay, lateFees: terms.lateFees } };
  }
}
