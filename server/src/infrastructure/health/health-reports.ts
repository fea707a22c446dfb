import { Injectable } from '@nestjs/common';

/** A module's own line in /api/health: what it reports is shown, a throw marks it down. */
export type HealthReport = () => Promise<Record<string, unknown>>;

/**
 * The reports modules add (the statements projector's lag, ...). Health knows no module by name:
 * a module injects this (optionally: only the API process has health) and adds its report.
 */
@Injectable()
export class HealthReports {
  private readonly reports = new Map<string, HealthReport>();

  add(name: string, report: HealthReport): void {
    this.reports.set(name, report);
  }

  all(): [string, HealthReport][] {
    return [...this.reports];
  }
}
