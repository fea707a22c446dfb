import { http, HttpResponse } from 'msw';
import type { SessionAnswer, SessionUser } from '../app/session';

/** A person to sign in as: the test names what its pages show of them, the rest is a placeholder. */
export function testUser(person: Pick<SessionUser, 'type'> & Partial<SessionUser>): SessionUser {
  return {
    userId: `${person.type}-1`,
    firstName: 'Sam',
    lastName: 'Signed',
    email: 'sam@example.com',
    phone: '(555) 555-0100',
    photoUrl: null,
    lastLoginAt: null,
    ...person,
  };
}

/** The server's answer to "who is signed in" (GET /api/account/validate): `user`, or no session for null. */
export function sessionOf(user: SessionUser | null) {
  const answer: SessionAnswer = { status: 'success', isValid: user !== null, user };
  return http.get('/api/account/validate', () => HttpResponse.json(answer));
}
