import { Navigate } from 'react-router-dom';
import { paths } from '../../app/paths';
import type { FeatureRoutes } from '../../app/featureRoutes';

/** The operator's pages: reviewing landlord registrations, one landlord's card gateway, the reconciliation report and declined cards. */
export const operatorRoutes: FeatureRoutes = {
  operator: [
    {
      path: paths.operator.registrations.path,
      lazy: () => import('./RegistrationsPage').then((page) => ({ Component: page.RegistrationsPage })),
    },
    {
      path: paths.operator.reconciliation.path,
      lazy: () => import('./ReconciliationPage').then((page) => ({ Component: page.ReconciliationPage })),
    },
    {
      path: paths.operator.declinedCards.path,
      lazy: () => import('./DeclinedCardsPage').then((page) => ({ Component: page.DeclinedCardsPage })),
    },
    {
      path: paths.operator.landlord.path,
      lazy: () => import('./LandlordPage').then((page) => ({ Component: page.LandlordPage })),
    },
    // Any other operator address goes to the registration queue.
    { path: '/operator/*', element: <Navigate to={paths.operator.registrations.getHref()} replace /> },
  ],
};
