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
  email_change: 24 * 60 * 60 * 1000,
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
    return (await this.issueWithId(userId, purpose)).token;
  }

  /** As issue(), with the stored row's id, for a purpose that keeps details of its own beside the token. */
  async issueWithId(userId: string, purpose: OneTimeTokenPurpose): Promise<{ id: string; token: string }> {
    const tokens = this.unitOfWork.repository(OneTimeToken);
    const now = this.clock.now();
    await this.voidAll(userId, purpose);
    const token = newSecretToken();
    const { identifiers } = await tokens.insert({
      userId,
      purpose,
      tokenHash: hashSecretToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + ONE_TIME_TOKEN_LIFETIME_MS[purpose]),
      usedAt: null,
    });
    return { id: identifiers[0].id as string, token };
  }

  /** Every unused token of this purpose and user stops working. */
  async voidAll(userId: string, purpose: OneTimeTokenPurpose): Promise<void> {
    await this.unitOfWork
      .repository(OneTimeToken)
      .update({ userId, purpose, usedAt: IsNull() }, { usedAt: this.clock.now() });
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
   * For a link that carries only the token: uses it when it is valid for this purpose, in the same
   * statement, and answers its row's id and user; null when unknown, used or expired.
   */
  async consumeToken(purpose: OneTimeTokenPurpose, token: string): Promise<{ id: string; userId: string } | null> {
    const now = this.clock.now();
    const result = await this.unitOfWork.manager.query(
      `UPDATE accounts.one_time_tokens SET used_at = $1
        WHERE token_hash = $2 AND purpose = $3 AND used_at IS NULL AND expires_at > $1
        RETURNING id, user_id`,
      [now, hashSecretToken(token), purpose],
    );
    const [row] = (result as [{ id: string; user_id: string }[], number])[0];
    return row ? { id: row.id, userId: row.user_id } : null;
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
