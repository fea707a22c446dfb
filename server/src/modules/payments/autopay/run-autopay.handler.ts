import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../infrastructure/clock/clock';
import { AutopayRunSummary, RunAutopay } from '../contracts/run-autopay.command';
import { AutopayRunner } from './autopay-runner';

@CommandHandler(RunAutopay)
export class RunAutopayHandler implements ICommandHandler<RunAutopay> {
  constructor(
    private readonly runner: AutopayRunner,
    private readonly clock: Clock,
  ) {}

  execute(): Promise<AutopayRunSummary> {
    return this.runner.runAt(this.clock.now());
  }
}
