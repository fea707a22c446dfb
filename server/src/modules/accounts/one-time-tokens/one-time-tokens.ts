import { Injectable } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { Clock } from '../../../infrastructure/clock/clock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { hashSecretToken, newSecretToken } from '../../../infrastructure/security/secret-token';
import { OneTimeToken, OneTimeTokenPurpose } from './one-time-token.entity';

/** How long an emailed link works. Invitations wait longer: people read email late. */
export const ONE_TIME_TOKEN_LIFETIME_MS: Record<OneTimeTokenPurpose, number> = {
  activation: 7 * 24 * 60 * 60 * 1000,
  onboarding: 7 * 24 * 60 * 60 * 1000,
  password_reset: 60 * 60 * 1000,
};

/** Random, stored hashed, single-use and expiring: the tokens in every emailed link. */
@Injectable()
export class OneTimeTokens {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /** A new token; earlier unused tokens of the same purpose stop working. */
  async issue(userId: string, purpose: OneTimeTokenPurpose): Promise<string> {
    const tokens = this.unitOfWork.repository(OneTimeToken);
    const now = this.clock.now();
    await tokens.update({ userId, purpose, usedAt: IsNull() }, { usedAt: now });
    const token = newSecretToken();
    await tokens.insert({
      userId,
      purpose,
      tokenHash: hashSecretToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + ONE_TIME_TOKEN_LIFETIME_MS[purpose]),
      usedAt: null,
    });
    return token;
  }

  /** The token's user when it is valid for this purpose and user; marks it used in the same statement. */
  async consume(userId: string, purpose: OneTimeTokenPurpose, token: string): Promise<boolean> {
    const now = this.clock.now();
    const result = await this.unitOfWork.manager.query(
      `UPDATE accounts.one_time_tokens SET used_at = $1
        WHERE token_hash = $2 AND user_id = $3 AND purpose = $4 AND used_at IS NULL AND expires_at > $1
        RETURNING id`,
      [now, hashSecretToken(token), userId, purpose],
    );
    return (result as [unknown[], number])[1] === 1;
  }

  /**
   * Whether this token was ever issued to this user for this purpose, used or expired alike: the
   * proof that a caller holds the user's link, before telling them anything about the account.
   */
  async wasIssued(userId: string, purpose: OneTimeTokenPurpose, token: string): Promise<boolean> {
    return this.unitOfWork.repository(OneTimeToken).existsBy({ tokenHash: hashSecretToken(token), userId, purpose });
  }

  /** Whether a token would be accepted, without using it (to show the right page before a form). */
  async isValid(userId: string, purpose: OneTimeTokenPurpose, token: string): Promise<boolean> {
    const found = await this.unitOfWork.repository(OneTimeToken).findOneBy({ tokenHash: hashSecretToken(token) });
    return Boolean(
      found &&
        found.userId === userId &&
        found.purpose === purpose &&
        !found.usedAt &&
        found.expiresAt.getTime() > this.clock.now().getTime(),
    );
  }
}
