import { Navigate, Outlet } from 'react-router-dom';
import { RefreshCw } from 'lucide-react';
import { AppLayout } from '../components/AppLayout';
import { Button } from '../components/Button';
import { Spinner } from '../components/Spinner';
import { paths } from './paths';
import { homePathFor, SessionUserContext, useForgetAfterSignOut, useSignOut, useValidateSessionQuery, type UserType } from './session';

export type Role = UserType;

const PROFILE_PAGE: Partial<Record<Role, string>> = {
  landlord: paths.landlord.info.getHref(),
  tenant: paths.tenant.info.getHref(),
};

/**
 * The frame of a signed-in route set. Validates the session when the set is entered; without one
 * it goes to /home-redirect, and a person of another type goes to their own dashboard. The server
 * refuses other roles' calls regardless: this only keeps people on pages that work for them.
 */
export function RequireRole({ role }: { role: Role }) {
  const session = useValidateSessionQuery();
  const signOut = useSignOut();
  useForgetAfterSignOut();

  if (session.isLoading) {
    return (
      <div className="app-state">
        <Spinner size="lg" label="Checking your session" />
      </div>
    );
  }
  if (session.isError || !session.data) {
    // The network or the server failed, which says nothing about the session: offer a retry.
    return (
      <div className="app-state" role="alert">
        <h1>We couldn’t reach Rentwise</h1>
        <p className="muted">Check your connection and try again.</p>
        <Button onClick={() => void session.refetch()}>
          <RefreshCw aria-hidden="true" size={18} />
          Try again
        </Button>
      </div>
    );
  }
  const { user } = session.data;
  if (!session.data.isValid || !user) return <Navigate to={paths.homeRedirect.getHref()} replace />;
  if (user.type !== role) return <Navigate to={homePathFor(user.type)} replace />;

  return (
    <SessionUserContext value={user}>
      <AppLayout user={user} homeHref={homePathFor(role)} profileHref={PROFILE_PAGE[role]} onSignOut={signOut}>
        <Outlet />
      </AppLayout>
    </SessionUserContext>
  );
}
