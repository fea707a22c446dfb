import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { MESSAGES } from '@rentwise/libs/messages';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { REDIS } from '../../../infrastructure/queue/queue.module';

/**
 * Failed sign-ins are counted per account and per network address in a fixed window. Past the
 * limit, sign-in answers 429 until the window ends: a cooling-off, never a permanent lock-out.
 */
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 30;

@Injectable()
export class SignInAttempts {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly config: AppConfig,
  ) {}

  private keys(email: string, address: string): [string, string] {
    const prefix = `${this.config.env.QUEUE_PREFIX}:sign-in-failures`;
    return [`${prefix}:account:${email}`, `${prefix}:address:${address}`];
  }

  async assertAllowed(email: string, address: string): Promise<void> {
    const [accountKey, addressKey] = this.keys(email, address);
    const [account, fromAddress] = await this.redis.mget(accountKey, addressKey);
    if (Number(account) >= MAX_FAILURES_PER_ACCOUNT || Number(fromAddress) >= MAX_FAILURES_PER_ADDRESS) {
      throw new HttpException(MESSAGES.tooManyAttempts, HttpStatus.TOO_MANY_REQUESTS);
    }
  }

  async recordFailure(email: string, address: string): Promise<void> {
    const multi = this.redis.multi();
    for (const key of this.keys(email, address)) {
      multi.incr(key).expire(key, SIGN_IN_WINDOW_SECONDS, 'NX');
    }
    await multi.exec();
  }

  async recordSuccess(email: string): Promise<void> {
    await this.redis.del(this.keys(email, '')[0]);
  }
}
