import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { RebuildStatements, StatementsRebuilt } from '../contracts/rebuild-statements.command';
import { StatementsProjector } from '../projection/statements-projector';

@CommandHandler(RebuildStatements)
export class RebuildStatementsHandler implements ICommandHandler<RebuildStatements> {
  constructor(private readonly projector: StatementsProjector) {}

  execute({ swap }: RebuildStatements): Promise<StatementsRebuilt> {
    return this.projector.rebuild({ swap });
  }
}
