import { Injectable } from '@nestjs/common';
import { Algorithm, hash, verify } from '@node-rs/argon2';

/** OWASP's minimum for argon2id: 19 MiB, 2 passes, 1 lane. Raise here; old hashes upgrade at sign-in. */
export const PASSWORD_HASH_PARAMETERS = {
  algorithm: Algorithm.Argon2id,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const;

const PARAMETERS_IN_HASH = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/;

/** True when a stored hash was made with weaker settings than today's (or another algorithm). */
export function needsRehash(storedHash: string): boolean {
  const match = PARAMETERS_IN_HASH.exec(storedHash);
  if (!match) return true;
  const [memoryCost, timeCost, parallelism] = match.slice(1).map(Number);
  return (
    memoryCost < PASSWORD_HASH_PARAMETERS.memoryCost ||
    timeCost < PASSWORD_HASH_PARAMETERS.timeCost ||
    parallelism !== PASSWORD_HASH_PARAMETERS.parallelism
  );
}

@Injectable()
export class PasswordHasher {
  /** Checked against when there is no real hash, so that unknown emails cost the same time. */
  private dummyHash?: Promise<string>;

  hash(password: string): Promise<string> {
    return hash(password, PASSWORD_HASH_PARAMETERS);
  }

  /** Always does the work of one verification, whether or not there is a hash to check. */
  async verify(storedHash: string | null, password: string): Promise<boolean> {
    if (storedHash) {
      try {
        return await verify(storedHash, password);
      } catch {
        return false;
      }
    }
    this.dummyHash ??= this.hash('rentwise-dummy-password-for-timing');
    await verify(await this.dummyHash, password);
    return false;
  }
}
