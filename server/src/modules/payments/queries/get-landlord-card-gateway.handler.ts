import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { AuthorizeNetAccounts } from '../authorize-net-accounts/authorize-net-accounts';
import { GetUser } from '../../accounts/contracts/get-user.query';
import { CardGateways } from '../card-gateways/card-gateways';
import { CardGatewayChange } from '../card-gateways/landlord-card-gateway.entity';
import { GetLandlordCardGateway, LandlordCardGatewayView } from '../contracts/get-landlord-card-gateway.query';

/** The trail is short (a landlord changes gateway rarely); the last 50 changes are plenty for a page. */
const TRAIL_LIMIT = 50;

@QueryHandler(GetLandlordCardGateway)
export class GetLandlordCardGatewayHandler implements IQueryHandler<GetLandlordCardGateway> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly gateways: CardGateways,
    private readonly queries: QueryBus,
    private readonly authorizeNetAccounts: AuthorizeNetAccounts,
  ) {}

  async execute({ landlordUserId }: GetLandlordCardGateway): Promise<LandlordCardGatewayView> {
    const changes = await this.unitOfWork
      .repository(CardGatewayChange)
      .find({ where: { landlordUserId }, order: { changedAt: 'DESC' }, take: TRAIL_LIMIT });
    const names = new Map<string, string | null>();
    for (const operatorId of new Set(changes.map((change) => change.changedBy))) {
      const operator = await this.queries.execute(new GetUser(operatorId));
      names.set(operatorId, operator ? `${operator.firstName} ${operator.lastName}` : null);
    }
    return {
      gateway: await this.gateways.of(landlordUserId),
      authorizeNetAvailable: (await this.authorizeNetAccounts.storedOf(landlordUserId)) !== null,
      changes: changes.map((change) => ({
        fromGateway: change.fromGateway,
        toGateway: change.toGateway,
        changedAt: change.changedAt.toISOString(),
        changedByUserId: change.changedBy,
        changedByName: names.get(change.changedBy) ?? null,
      })),
    };
  }
}
