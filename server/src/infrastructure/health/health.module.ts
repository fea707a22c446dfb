import { Global, Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller';
import { HealthReports } from './health-reports';

/** Global so that modules can add their reports (HealthReports, injected as optional). */
@Global()
@Module({ imports: [TerminusModule], controllers: [HealthController], providers: [HealthReports], exports: [HealthReports] })
export class HealthModule {}
