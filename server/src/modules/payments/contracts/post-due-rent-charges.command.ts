import { Command } from '@nestjs/cqrs';

/**
 * Charges every tenancy the rent it has come to by now (what the scheduled job runs), at once: the
 * demo data after loading its history. Exactly once per tenancy and month, whoever runs it.
 */
export class PostDueRentCharges extends Command<{ tenancies: number; charges: number; credits: number }> {}
