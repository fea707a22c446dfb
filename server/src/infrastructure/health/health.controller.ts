import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import Redis from 'ioredis';
import { Public } from '../http/public.decorator';
import { REDIS } from '../queue/queue.module';
import { HealthReports } from './health-reports';

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly reports: HealthReports,
  ) {}

  @Get()
  @HealthCheck()
  @ApiOperation({ summary: 'Database and Redis status (503 when either is down) and the reports modules add, such as the statements lag' })
  check() {
    return this.health.check([
      () => this.database.pingCheck('database', { timeout: 1500 }),
      async () => {
        const indicator = this.indicators.check('redis');
        try {
          await this.redis.ping();
          return indicator.up();
        } catch {
          // The request-path client fails fast (about 1 s at most), so health answers 503 quickly.
          return indicator.down({ message: 'Redis did not answer' });
        }
      },
      ...this.reports.all().map(([name, report]) => async () => {
        const indicator = this.indicators.check(name);
        try {
          return indicator.up(await report());
        } catch {
          return indicator.down({ message: `${name} could not report` });
        }
      }),
    ]);
  }
}
