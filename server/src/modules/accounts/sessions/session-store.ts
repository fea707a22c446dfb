import { Injectable } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { Clock } from '../../../infrastructure/clock/clock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { User } from '../users/user.entity';
import { hashSecretToken, newSecretToken } from '../../../infrastructure/security/secret-token';
import { Session } from './session.entity';
import { isSessionLive, sessionExpiry, sessionNeedsTouch } from './session-policy';

export interface LiveSession {
  session: Session;
  user: User;
}

/** Server-side sessions: the browser holds only a random token; we keep its hash and can revoke it. */
@Injectable()
export class SessionStore {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async open(userId: string): Promise<{ token: string; session: Session }> {
    const token = newSecretToken();
    const now = this.clock.now();
    const session = await this.unitOfWork.repository(Session).save({
      userId,
      tokenHash: hashSecretToken(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: sessionExpiry(now),
      revokedAt: null,
    });
    return { token, session };
  }

  /**
   * The session and its user when the token is live and the user may still sign in. Runs on every
   * signed-in request, so it is one indexed query (plus a write at most once a minute).
   */
  async find(token: string): Promise<LiveSession | null> {
    const row = await this.unitOfWork
      .repository(Session)
      .createQueryBuilder('session')
      .innerJoinAndMapOne('session.user', User, 'user', 'user.id = session.userId')
      .where('session.tokenHash = :tokenHash', { tokenHash: hashSecretToken(token) })
      .getOne();
    const now = this.clock.now();
    if (!row || !isSessionLive(row, now)) return null;
    const { user, ...session } = row as Session & { user: User };
    if (user.status !== 'active') return null;
    if (sessionNeedsTouch(session, now)) {
      session.lastSeenAt = now;
      await this.unitOfWork.repository(Session).update({ id: session.id }, { lastSeenAt: now });
    }
    return { session, user };
  }

  async revoke(sessionId: string): Promise<void> {
    await this.unitOfWork
      .repository(Session)
      .update({ id: sessionId, revokedAt: IsNull() }, { revokedAt: this.clock.now() });
  }

  async revokeAllFor(userId: string): Promise<void> {
    await this.unitOfWork.repository(Session).update({ userId, revokedAt: IsNull() }, { revokedAt: this.clock.now() });
  }
}
