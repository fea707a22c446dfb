import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { MESSAGES } from '@rentwise/libs/messages';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { REDIS } from '../../../infrastructure/queue/queue.module';

/**
 * Tenant invitations per landlord in a fixed window, counted whether or not they succeed: plenty
 * for a landlord filling a building, too few to test many emails for an account.
 */
export const INVITATION_WINDOW_SECONDS = 60 * 60;
export const MAX_INVITATIONS_PER_LANDLORD = 20;

@Injectable()
export class InvitationLimit {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly config: AppConfig,
  ) {}

  /** Counts this attempt and answers 429 past the limit, until the window ends. */
  async take(landlordUserId: string): Promise<void> {
    const key = `${this.config.env.QUEUE_PREFIX}:tenant-invitations:landlord:${landlordUserId}`;
    const [[, count]] = (await this.redis.multi().incr(key).expire(key, INVITATION_WINDOW_SECONDS, 'NX').exec()) as [
      [Error | null, number],
      unknown,
    ];
    if (count > MAX_INVITATIONS_PER_LANDLORD) {
      throw new HttpException(MESSAGES.tooManyAttempts, HttpStatus.TOO_MANY_REQUESTS);
    }
  }
}
