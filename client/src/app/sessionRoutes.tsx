import { Navigate, Outlet } from 'react-router-dom';
import { signInLandingFor, useValidateSessionQuery } from './session';

/**
 * Wraps signed-out pages (sign in, forgot password, create password...): a person who is already
 * signed in goes where signing in would have taken them. The page shows at once; the check never delays it.
 */
export function SignedOutOnly() {
  const { data } = useValidateSessionQuery();
  if (data?.isValid && data.user) return <Navigate to={signInLandingFor(data.user.type)} replace />;
  return <Outlet />;
}
