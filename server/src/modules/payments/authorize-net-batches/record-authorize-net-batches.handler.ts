import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../infrastructure/clock/clock';
import { AuthorizeNetBatchesRun, RecordAuthorizeNetBatches } from '../contracts/record-authorize-net-batches.command';
import { AuthorizeNetBatchRecorder } from './authorize-net-batch-recorder';

@CommandHandler(RecordAuthorizeNetBatches)
export class RecordAuthorizeNetBatchesHandler implements ICommandHandler<RecordAuthorizeNetBatches> {
  constructor(
    private readonly recorder: AuthorizeNetBatchRecorder,
    private readonly clock: Clock,
  ) {}

  execute(): Promise<AuthorizeNetBatchesRun> {
    return this.recorder.recordThrough(this.clock.now());
  }
}
