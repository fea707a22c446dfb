import { Injectable } from '@nestjs/common';
import { In, IsNull, Not } from 'typeorm';
import { Clock } from '../../../infrastructure/clock/clock';
import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { User } from '../users/user.entity';
import { hashSecretToken, newSecretToken } from '../../../infrastructure/security/secret-token';
import { Session } from './session.entity';
import { isSessionLive, sessionExpiry, sessionNeedsTouch } from './session-policy';

export interface LiveSession {
  session: Session;
  user: User;
}

interface LiveSessionRow {
  id: string;
  user_id: string;
  token_hash: Buffer;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  type: User['type'];
  status: User['status'];
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  photo_key: string | null;
  password_hash: string | null;
  activated_at: Date | null;
  last_login_at: Date | null;
  user_created_at: Date;
  user_updated_at: Date;
}

/** Every signed-in request: one indexed lookup (sessions by token_hash) joined to its user. */
const LIVE_SESSION = preparedStatement<LiveSessionRow, [tokenHash: Buffer]>(
  'accounts.live-session',
  `SELECT s.id, s.user_id, s.token_hash, s.created_at, s.last_seen_at, s.expires_at, s.revoked_at,
          u.type, u.status, u.first_name, u.last_name, u.email, u.phone, u.photo_key, u.password_hash,
          u.activated_at, u.last_login_at, u.created_at AS user_created_at, u.updated_at AS user_updated_at
     FROM accounts.sessions s
     JOIN accounts.users u ON u.id = s.user_id
    WHERE s.token_hash = $1`,
);

const TOUCH_SESSION = preparedStatement<never, [sessionId: string, lastSeenAt: Date]>(
  'accounts.touch-session',
  'UPDATE accounts.sessions SET last_seen_at = $2 WHERE id = $1',
);

/** The same entities TypeORM would have mapped (User keeps its fullName getter). */
function toLiveSession(row: LiveSessionRow): LiveSession {
  const session = Object.assign(new Session(), {
    id: row.id,
    userId: row.user_id,
    tokenHash: row.token_hash,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
  });
  const user = Object.assign(new User(), {
    id: row.user_id,
    type: row.type,
    status: row.status,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    photoKey: row.photo_key,
    passwordHash: row.password_hash,
    activatedAt: row.activated_at,
    lastLoginAt: row.last_login_at,
    createdAt: row.user_created_at,
    updatedAt: row.user_updated_at,
  });
  return { session, user };
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
    const [row] = await this.unitOfWork.query(LIVE_SESSION, [hashSecretToken(token)]);
    const now = this.clock.now();
    if (!row || !isSessionLive({ lastSeenAt: row.last_seen_at, expiresAt: row.expires_at, revokedAt: row.revoked_at }, now)) {
      return null;
    }
    if (row.status !== 'active') return null;
    const { session, user } = toLiveSession(row);
    if (sessionNeedsTouch(session, now)) {
      session.lastSeenAt = now;
      await this.unitOfWork.query(TOUCH_SESSION, [session.id, now]);
    }
    return { session, user };
  }

  async revoke(sessionId: string): Promise<void> {
    await this.unitOfWork
      .repository(Session)
      .update({ id: sessionId, revokedAt: IsNull() }, { revokedAt: this.clock.now() });
  }

  /** Ends every session of the user, but for those in `except` (the one a person is changing their account in). */
  async revokeAllFor(userId: string, except: string[] = []): Promise<void> {
    await this.unitOfWork
      .repository(Session)
      .update(
        { userId, revokedAt: IsNull(), ...(except.length ? { id: Not(In(except)) } : {}) },
        { revokedAt: this.clock.now() },
      );
  }
}
