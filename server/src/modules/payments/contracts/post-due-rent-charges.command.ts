import { Command } from '@nestjs/cqrs';

export interface DueRentChargesRun {
  tenancies: number;
  charges: number;
  credits: number;
  lateFees: number;
}

/**
 * Charges every tenancy the rent it has come to by now, then the late fees (what the scheduled job
 * runs), at once: the demo data after loading its history, the dev clock after moving it. Exactly
 * once per tenancy and month (and day of a late fee), whoever runs it.
 */
export class PostDueRentCharges extends Command<DueRentChargesRun> {}
