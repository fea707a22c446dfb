import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Clock } from '../../../infrastructure/clock/clock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetLedgerBacklog } from '../../payments/contracts/read-ledger-feed.query';
import { GetStatementsLag, StatementsLag } from '../contracts/get-statements-lag.query';
import { STATEMENTS_PROJECTION } from '../projection/statements-projector';

@QueryHandler(GetStatementsLag)
export class GetStatementsLagHandler implements IQueryHandler<GetStatementsLag> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async execute(): Promise<StatementsLag> {
    const [row] = await this.unitOfWork.manager.query<{ position: string; updated_at: Date }[]>(
      `SELECT position::text AS position, updated_at FROM statements.projection_positions WHERE projection = $1`,
      [STATEMENTS_PROJECTION],
    );
    const backlog = await this.queries.execute(new GetLedgerBacklog(row?.position ?? null));
    const oldest = backlog.oldestRecordedAt ? new Date(backlog.oldestRecordedAt).getTime() : null;
    return {
      journalsBehind: backlog.journals,
      secondsBehind: oldest === null ? 0 : Math.max(0, Math.round((this.clock.now().getTime() - oldest) / 1000)),
      lastRunAt: row?.updated_at.toISOString() ?? null,
    };
  }
}
