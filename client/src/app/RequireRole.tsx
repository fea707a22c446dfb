import { Outlet } from 'react-router-dom';

export type Role = 'landlord' | 'tenant' | 'operator';

/**
 * The frame of a signed-in route set. Being replaced by the accounts work (session check on load,
 * redirect of other roles); the server refuses other roles' calls regardless.
 */
export function RequireRole(_props: { role: Role }) {
  return <Outlet />;
}
