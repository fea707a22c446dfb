import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { MonthlyOverview, Statement } from '@rentwise/libs/statement-views';
import { GetMonthlyOverview } from './get-monthly-overview.query';
import { GetStatement } from './get-statement.query';
import { StatementReader } from './statement-reader';

@QueryHandler(GetMonthlyOverview)
export class GetMonthlyOverviewHandler implements IQueryHandler<GetMonthlyOverview> {
  constructor(private readonly reader: StatementReader) {}

  execute({ landlordUserId, propertyId }: GetMonthlyOverview): Promise<MonthlyOverview | null> {
    return this.reader.overview(landlordUserId, propertyId);
  }
}

@QueryHandler(GetStatement)
export class GetStatementHandler implements IQueryHandler<GetStatement> {
  constructor(private readonly reader: StatementReader) {}

  execute({ landlordUserId, year, month, propertyId }: GetStatement): Promise<Statement | null> {
    return this.reader.statement(landlordUserId, { year, month }, propertyId);
  }
}
