import { ConflictException } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MESSAGES } from '@rentwise/libs/messages';
import { Clock } from '../../../infrastructure/clock/clock';
import { AutopayPlans } from './autopay-plans';
import { AutopayRunner } from './autopay-runner';
import { SkipAutopayMonth } from './skip-autopay-month.command';

@CommandHandler(SkipAutopayMonth)
export class SkipAutopayMonthHandler implements ICommandHandler<SkipAutopayMonth> {
  constructor(
    private readonly plans: AutopayPlans,
    private readonly runner: AutopayRunner,
    private readonly clock: Clock,
  ) {}

  /** Only the next automatic payment, before it starts: a started one is the provider's already. */
  async execute({ tenantUserId, period, skip }: SkipAutopayMonth): Promise<void> {
    const plan = await this.plans.ofTenant(tenantUserId);
    if (!plan?.isOn) throw new ConflictException(MESSAGES.autopayNotOn);
    const now = this.clock.now();
    const scheduled = await this.runner.nextOf(plan, now);
    if (scheduled.period !== period || now >= scheduled.debitAt) throw new ConflictException(MESSAGES.autopayMonthNotAhead);
    await (skip ? this.plans.skip(tenantUserId, period) : this.plans.unskip(tenantUserId, period));
  }
}
