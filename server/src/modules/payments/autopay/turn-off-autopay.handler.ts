import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AutopayPlans } from './autopay-plans';
import { TurnOffAutopay } from './turn-off-autopay.command';

@CommandHandler(TurnOffAutopay)
export class TurnOffAutopayHandler implements ICommandHandler<TurnOffAutopay> {
  constructor(private readonly plans: AutopayPlans) {}

  execute({ tenantUserId }: TurnOffAutopay): Promise<boolean> {
    return this.plans.turnOff(tenantUserId, 'tenant');
  }
}
