import { Injectable } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { Clock } from '../../../infrastructure/clock/clock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { hashSecretToken, newSecretToken } from '../../../infrastructure/security/secret-token';
import { StepOneToken } from './step-one-token.entity';

/** How long the step-1 link of the approval email works: people read email late. */
export const STEP_ONE_TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export type StepOneTokenCheck =
  | { valid: true; registrationId: string }
  | { valid: false; reason: 'unknown' | 'used' | 'expired' };

/**
 * The token in the approval email's step-1 link: 256 random bits, stored hashed, expiring. It is
 * used up when the payout account is connected, so the landlord can retry from the same email
 * until then (the provider's form can be abandoned half way), and never after.
 */
@Injectable()
export class StepOneTokens {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /** A new token for the registration; earlier unused ones stop working. */
  async issue(registrationId: string): Promise<string> {
    const tokens = this.unitOfWork.repository(StepOneToken);
    const now = this.clock.now();
    await tokens.update({ registrationId, usedAt: IsNull() }, { usedAt: now });
    const token = newSecretToken();
    await tokens.insert({
      registrationId,
      tokenHash: hashSecretToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + STEP_ONE_TOKEN_LIFETIME_MS),
      usedAt: null,
    });
    return token;
  }

  async check(token: string): Promise<StepOneTokenCheck> {
    const found = await this.unitOfWork.repository(StepOneToken).findOneBy({ tokenHash: hashSecretToken(token) });
    if (!found) return { valid: false, reason: 'unknown' };
    if (found.usedAt) return { valid: false, reason: 'used' };
    if (found.expiresAt.getTime() <= this.clock.now().getTime()) return { valid: false, reason: 'expired' };
    return { valid: true, registrationId: found.registrationId };
  }

  /** Step 1 is done: no link of this registration works any more. */
  async useUp(registrationId: string): Promise<void> {
    await this.unitOfWork
      .repository(StepOneToken)
      .update({ registrationId, usedAt: IsNull() }, { usedAt: this.clock.now() });
  }
}
