import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { GetUser } from '../../accounts/contracts/get-user.query';
import { GetTenancy } from '../contracts/get-tenancy.query';
import { GetResidence, ResidenceView } from './get-residence.query';

@QueryHandler(GetResidence)
export class GetResidenceHandler implements IQueryHandler<GetResidence> {
  constructor(private readonly queries: QueryBus) {}

  async execute({ tenantUserId }: GetResidence): Promise<ResidenceView | null> {
    const tenancy = await this.queries.execute(new GetTenancy(tenantUserId));
    if (!tenancy) return null;
    const landlord = await this.queries.execute(new GetUser(tenancy.landlordUserId));
    if (!landlord) return null;
    const { firstName, lastName, email, phone, photoUrl } = landlord;
    return {
      propertyId: tenancy.propertyId,
      propertyAddress: tenancy.propertyAddress,
      rentCents: tenancy.rentCents,
      landlord: { firstName, lastName, email, phone, photoUrl },
    };
  }
}
