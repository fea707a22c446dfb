import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { ToastHost } from '../components/ToastHost';

/** Wraps every route: page changes start at the top (back/forward restore), and toasts have one home. */
export function RootLayout() {
  const isNavigating = useNavigation().state !== 'idle';
  return (
    <>
      {isNavigating && <div className="navigation-progress" aria-hidden="true" />}
      <Outlet />
      <ToastHost />
      <ScrollRestoration />
    </>
  );
}
