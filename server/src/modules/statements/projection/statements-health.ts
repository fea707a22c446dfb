import { Injectable, OnModuleInit, Optional } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { HealthReports } from '../../../infrastructure/health/health-reports';
import { GetStatementsLag } from '../contracts/get-statements-lag.query';

/** Shows the projector's lag in /api/health (only the API process serves health). */
@Injectable()
export class StatementsHealth implements OnModuleInit {
  constructor(
    private readonly queries: QueryBus,
    @Optional() private readonly reports?: HealthReports,
  ) {}

  onModuleInit(): void {
    this.reports?.add('statements', async () => ({ ...(await this.queries.execute(new GetStatementsLag())) }));
  }
}
