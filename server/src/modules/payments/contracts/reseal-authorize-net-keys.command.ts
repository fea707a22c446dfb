import { Command } from '@nestjs/cqrs';

/** Seals every stored Authorize.Net key that an older key sealed with the current one (key rotation, decision 0046). */
export class ResealAuthorizeNetKeys extends Command<{ resealed: number; accounts: number }> {}
