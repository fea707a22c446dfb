import { createListenerMiddleware, isRejectedWithValue } from '@reduxjs/toolkit';
import { createContext, useCallback, useContext, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from './api';
import { useAppStore } from './hooks';
import type { components } from './openapi';
import { paths } from './paths';

type Schemas = components['schemas'];

/** The signed-in person as the server describes them (GET /api/account/validate, POST /api/account/login). */
export type SessionUser = Schemas['UserDto'];
export type UserType = SessionUser['type'];
export type SessionAnswer = Schemas['SessionAnswer'];

const SIGNED_OUT: SessionAnswer = { status: 'success', isValid: false, user: null };

/**
 * The session lives in an HttpOnly cookie the page cannot read, so "who is signed in" is a query
 * like any other: validated when a signed-in route set is entered, and written into the cache by
 * sign-in, profile changes and sign-out.
 */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    validateSession: build.query<SessionAnswer, void>({
      query: () => '/account/validate',
      providesTags: ['User'],
    }),
    signOut: build.mutation<Schemas['AccountDone'], void>({
      query: () => ({ url: '/account/logout', method: 'POST' }),
    }),
  }),
});

export const { useValidateSessionQuery } = sessionApi;

/** Each kind of person's home: the logo, another role's page and unknown pages lead there. */
export function homePathFor(type: UserType): string {
  switch (type) {
    case 'landlord':
      return paths.landlord.dashboard.getHref();
    case 'tenant':
      return paths.tenant.dashboard.getHref();
    case 'operator':
      return paths.operator.registrations.getHref();
    case 'finance':
      return paths.finance.exports.getHref();
  }
}

/** Where a person lands right after signing in (spec section 4: /{type}/payment; a landlord's is their dashboard). */
export function signInLandingFor(type: UserType): string {
  return type === 'tenant' ? paths.tenant.payment.getHref() : homePathFor(type);
}

// A plain action (not a thunk), so that a listener or any dispatch can write the session.
const sessionAnswerAction = (answer: SessionAnswer) =>
  sessionApi.util.upsertQueryEntries([{ endpointName: 'validateSession', arg: undefined, value: answer }]);

/** Puts a person (just signed in, or with changed details or photo) into the session cache. */
export const storeSessionUser = (user: SessionUser) => sessionAnswerAction({ status: 'success', isValid: true, user });

/** Marks the session as ended in the cache; the signed-in frame then goes to /home-redirect. */
export const markSessionEnded = () => sessionAnswerAction(SIGNED_OUT);

/** The server's answer to sign-in and to changes of the person's own details or photo. */
export type UserAnswer = Schemas['UserAnswer'];

/** Puts the answer's user into the session cache once the server confirms a change. */
export async function storeUserWhenDone(
  queryFulfilled: Promise<{ data: UserAnswer }>,
  dispatch: (action: ReturnType<typeof storeSessionUser>) => unknown,
) {
  try {
    const { data } = await queryFulfilled;
    dispatch(storeSessionUser(data.user));
  } catch {
    // A failed write changes nothing: the page shows why.
  }
}

/**
 * The person RequireRole last rendered its pages for. Pages read it from here rather than from the
 * cache: when a 401 empties the cache, a page may re-render before RequireRole redirects, and it
 * must still see the person it was showing instead of failing.
 */
export const SessionUserContext = createContext<SessionUser | null>(null);

/** The signed-in person. Only for pages inside a signed-in route set, where RequireRole provides it. */
export function useSessionUser(): SessionUser {
  const user = useContext(SessionUserContext);
  if (!user) throw new Error('useSessionUser used outside a signed-in route set');
  return user;
}

/**
 * Signs out on the server and goes to the home page; the signed-in frame forgets the person's cached
 * answers as it goes (useForgetAfterSignOut).
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const [signOut] = sessionApi.useSignOutMutation({ fixedCacheKey: SIGN_OUT });
  return useCallback(async () => {
    // The cookie is cleared by the server; even if the call fails, the page forgets the person.
    await signOut()
      .unwrap()
      .catch(() => undefined);
    await navigate(paths.home.getHref(), { replace: true });
  }, [navigate, signOut]);
}

/**
 * Forgets every cached answer of a person who signed out, once the signed-in frame that showed them
 * is gone. Forgotten while the frame is still there (the way home renders in a transition, late on a
 * busy phone), its queries run again signed out and it sends the person to /home-redirect, "Your
 * session has ended", instead of home.
 */
export function useForgetAfterSignOut(): void {
  const store = useAppStore();
  useEffect(
    () => () => {
      if (selectSignOut(store.getState()).status !== 'uninitialized') store.dispatch(api.util.resetApiState());
    },
    [store],
  );
}

/** Shares the sign-out's progress with the session listener below. */
const SIGN_OUT = 'sign-out';
const selectSignOut = sessionApi.endpoints.signOut.select({ fixedCacheKey: SIGN_OUT, requestId: undefined });

/** Endpoints whose 401 means "wrong password", not "your session ended". */
const NOT_A_SESSION_401 = new Set(['signIn']);

/**
 * One place that reacts to an ended session: any API call answered 401 (idle or absolute timeout,
 * signed out in another tab, account removed) marks the session ended, and RequireRole redirects.
 */
export const sessionListener = createListenerMiddleware();

sessionListener.startListening({
  predicate: (action, state) => {
    if (!isRejectedWithValue(action)) return false;
    // Once the person has signed out, a query still in flight is answered 401 too; that must not
    // send them to /home-redirect on their way to the home page.
    if (selectSignOut(state as Parameters<typeof selectSignOut>[0]).status !== 'uninitialized') return false;
    const payload = action.payload as { status?: unknown; data?: { code?: unknown } } | undefined;
    const endpoint = (action.meta as { arg?: { endpointName?: string } }).arg?.endpointName;
    // 'reauthenticate' (a payment needs a fresher sign-in) is the page's to handle: it explains, then signs out.
    if (payload?.data?.code === 'reauthenticate') return false;
    return payload?.status === 401 && !NOT_A_SESSION_401.has(endpoint ?? '');
  },
  effect: (_action, listenerApi) => {
    listenerApi.dispatch(markSessionEnded());
  },
});
