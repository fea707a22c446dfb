import Redis from 'ioredis';

/**
 * BullMQ loses jobs silently on a Redis that may evict keys, so we refuse to start on one.
 * Managed services that forbid CONFIG GET are trusted to be configured as documented.
 */
export async function assertRedisKeepsJobs(redis: Redis): Promise<void> {
  let policy: string | undefined;
  try {
    const answer = (await redis.config('GET', 'maxmemory-policy')) as string[];
    policy = answer[1];
  } catch (error) {
    if (error instanceof Error && /unknown command|NOPERM/i.test(error.message)) return;
    throw error;
  }
  if (policy !== undefined && policy !== 'noeviction') {
    throw new Error(
      `Redis maxmemory-policy is "${policy}"; BullMQ needs "noeviction" (set maxmemory-policy noeviction and appendonly yes)`,
    );
  }
}
