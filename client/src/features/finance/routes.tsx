import { Navigate } from 'react-router-dom';
import { paths } from '../../app/paths';
import type { FeatureRoutes } from '../../app/featureRoutes';

/** Finance staff's pages: yearly exports of every landlord's statements. */
export const financeRoutes: FeatureRoutes = {
  finance: [
    {
      path: paths.finance.exports.path,
      lazy: () => import('./FinanceExportsPage').then((page) => ({ Component: page.FinanceExportsPage })),
    },
    // Any other finance address goes to the exports, finance's only page so far.
    { path: '/finance/*', element: <Navigate to={paths.finance.exports.getHref()} replace /> },
  ],
};
