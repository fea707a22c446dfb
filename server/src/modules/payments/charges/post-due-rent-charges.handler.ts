import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../infrastructure/clock/clock';
import { PostDueRentCharges } from '../contracts/post-due-rent-charges.command';
import { RentChargePoster, RentChargeRun } from './rent-charge-poster';

@CommandHandler(PostDueRentCharges)
export class PostDueRentChargesHandler implements ICommandHandler<PostDueRentCharges> {
  constructor(
    private readonly poster: RentChargePoster,
    private readonly clock: Clock,
  ) {}

  execute(): Promise<RentChargeRun> {
    return this.poster.postThrough(this.clock.now());
  }
}
