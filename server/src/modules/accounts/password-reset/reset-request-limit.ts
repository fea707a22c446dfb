import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { MESSAGES } from '@rentwise/libs/messages';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { REDIS } from '../../../infrastructure/queue/queue.module';

/**
 * Reset emails are limited per address asked for and per network address, whether or not the
 * account exists (so the limit itself tells nothing), to keep the form from flooding a mailbox.
 */
export const RESET_REQUEST_WINDOW_SECONDS = 60 * 60;
export const MAX_RESET_REQUESTS_PER_EMAIL = 5;
export const MAX_RESET_REQUESTS_PER_ADDRESS = 30;

@Injectable()
export class ResetRequestLimit {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly config: AppConfig,
  ) {}

  async take(email: string, address: string): Promise<void> {
    const prefix = `${this.config.env.QUEUE_PREFIX}:reset-requests`;
    const keys = [`${prefix}:email:${email}`, `${prefix}:address:${address}`];
    const multi = this.redis.multi();
    for (const key of keys) multi.incr(key).expire(key, RESET_REQUEST_WINDOW_SECONDS, 'NX');
    const results = (await multi.exec()) ?? [];
    const [forEmail, forAddress] = [Number(results[0]?.[1]), Number(results[2]?.[1])];
    if (forEmail > MAX_RESET_REQUESTS_PER_EMAIL || forAddress > MAX_RESET_REQUESTS_PER_ADDRESS) {
      throw new HttpException(MESSAGES.tooManyAttempts, HttpStatus.TOO_MANY_REQUESTS);
    }
  }
}
