import { ConflictException, Logger, NotFoundException } from '@nestjs/common';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { MESSAGES } from '@rentwise/libs/messages';
import { Clock } from '../../../infrastructure/clock/clock';
import { lockUntilCommit } from '../../../infrastructure/database/transaction-lock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { AuthorizeNetAccounts } from '../authorize-net-accounts/authorize-net-accounts';
import { GetUser } from '../../accounts/contracts/get-user.query';
import { CardGatewayChange, LandlordCardGateway } from '../card-gateways/landlord-card-gateway.entity';
import { SetLandlordCardGateway } from '../contracts/set-landlord-card-gateway.command';

@CommandHandler(SetLandlordCardGateway)
export class SetLandlordCardGatewayHandler implements ICommandHandler<SetLandlordCardGateway> {
  private readonly logger = new Logger(SetLandlordCardGatewayHandler.name);

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly queries: QueryBus,
    private readonly authorizeNetAccounts: AuthorizeNetAccounts,
    private readonly clock: Clock,
  ) {}

  async execute({ landlordUserId, gateway, operatorUserId }: SetLandlordCardGateway): Promise<{ changed: boolean }> {
    const landlord = await this.queries.execute(new GetUser(landlordUserId));
    if (!landlord || landlord.type !== 'landlord') throw new NotFoundException(MESSAGES.notFound);
    if (gateway === 'authorize_net' && !(await this.authorizeNetAccounts.storedOf(landlordUserId))) {
      throw new ConflictException(MESSAGES.authorizeNetAccountMissing);
    }

    return this.unitOfWork.run(async (manager) => {
      // One change at a time per landlord, so the trail's from/to chain has no gaps.
      await lockUntilCommit(manager, `card-gateway:${landlordUserId}`);
      const settings = manager.getRepository(LandlordCardGateway);
      const current = (await settings.findOneBy({ landlordUserId }))?.gateway ?? 'stripe';
      if (current === gateway) return { changed: false };
      const now = this.clock.now();
      await settings.upsert({ landlordUserId, gateway, changedBy: operatorUserId, changedAt: now }, ['landlordUserId']);
      await manager.getRepository(CardGatewayChange).insert({
        landlordUserId,
        fromGateway: current,
        toGateway: gateway,
        changedBy: operatorUserId,
        changedAt: now,
      });
      this.logger.log({ landlordUserId, from: current, to: gateway, operatorUserId }, 'Landlord card gateway changed');
      return { changed: true };
    });
  }
}
