import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../infrastructure/clock/clock';
import { DueRentChargesRun, PostDueRentCharges } from '../contracts/post-due-rent-charges.command';
import { LateFeePoster } from './late-fee-poster';
import { RentChargePoster } from './rent-charge-poster';

@CommandHandler(PostDueRentCharges)
export class PostDueRentChargesHandler implements ICommandHandler<PostDueRentCharges> {
  constructor(
    private readonly poster: RentChargePoster,
    private readonly lateFees: LateFeePoster,
    private readonly clock: Clock,
  ) {}

  async execute(): Promise<DueRentChargesRun> {
    const now = this.clock.now();
    const run = await this.poster.postThrough(now);
    const { fees } = await this.lateFees.postThrough(now);
    return { ...run, lateFees: fees };
  }
}
