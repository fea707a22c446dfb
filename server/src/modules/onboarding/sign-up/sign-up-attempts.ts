import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { MESSAGES } from '@rentwise/libs/messages';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { REDIS } from '../../../infrastructure/queue/queue.module';

/** Sign-ups per network address in a fixed window of an hour (SIGN_UPS_PER_ADDRESS_PER_HOUR, 10 unless set). */
export const SIGN_UP_WINDOW_SECONDS = 60 * 60;

@Injectable()
export class SignUpAttempts {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly config: AppConfig,
  ) {}

  /** Counts this attempt and answers 429 past the limit, until the window ends. */
  async take(address: string): Promise<void> {
    const key = `${this.config.env.QUEUE_PREFIX}:sign-ups:address:${address}`;
    const [[, count]] = (await this.redis.multi().incr(key).expire(key, SIGN_UP_WINDOW_SECONDS, 'NX').exec()) as [
      [Error | null, number],
      unknown,
    ];
    if (count > this.config.env.SIGN_UPS_PER_ADDRESS_PER_HOUR) {
      throw new HttpException(MESSAGES.tooManyAttempts, HttpStatus.TOO_MANY_REQUESTS);
    }
  }
}
