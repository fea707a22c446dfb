import { Navigate } from 'react-router-dom';
import { paths } from '../../app/paths';
import type { FeatureRoutes } from '../../app/featureRoutes';

/** The operator's pages: reviewing landlord registrations. */
export const operatorRoutes: FeatureRoutes = {
  operator: [
    {
      path: paths.operator.registrations.path,
      lazy: () => import('./RegistrationsPage').then((page) => ({ Component: page.RegistrationsPage })),
    },
    // Any other operator address goes to the queue, the operator's only page so far.
    { path: '/operator/*', element: <Navigate to={paths.operator.registrations.getHref()} replace /> },
  ],
};
