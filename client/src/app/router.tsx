import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { PublicLayout } from '../components/PublicLayout';
import { accountsRoutes } from '../features/accounts/routes';
import { autopayRoutes } from '../features/autopay/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { financeRoutes } from '../features/finance/routes';
import { onboardingRoutes } from '../features/onboarding/routes';
import { operatorRoutes } from '../features/operator/routes';
import { paymentsRoutes } from '../features/payments/routes';
import { payoutsRoutes } from '../features/payouts/routes';
import { propertiesRoutes } from '../features/properties/routes';
import { notFoundRoute, publicRoutes } from '../features/public/routes';
import { remindersRoutes } from '../features/reminders/routes';
import { statementsRoutes } from '../features/statements/routes';
import { tenantsRoutes } from '../features/tenants/routes';
import type { FeatureRoutes } from './featureRoutes';
import { PageLoading } from './PageLoading';
import { paths } from './paths';
import { RequireRole } from './RequireRole';
import { RootLayout } from './RootLayout';
import { RouteErrorPage } from './RouteErrorPage';

const features: FeatureRoutes[] = [
  accountsRoutes,
  autopayRoutes,
  dashboardRoutes,
  financeRoutes,
  onboardingRoutes,
  operatorRoutes,
  paymentsRoutes,
  payoutsRoutes,
  propertiesRoutes,
  remindersRoutes,
  statementsRoutes,
  tenantsRoutes,
];
const pagesFor = (set: keyof FeatureRoutes): RouteObject[] => features.flatMap((feature) => feature[set] ?? []);

/** Every page is its own chunk, so the first visit downloads only the page it asked for. */
export const routes: RouteObject[] = [
  {
    path: paths.home.path,
    element: <RootLayout />,
    errorElement: <RouteErrorPage standalone />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          // Pathless so a failing page keeps the public header and footer around its error.
          {
            errorElement: <RouteErrorPage />,
            hydrateFallbackElement: <PageLoading />,
            children: [...publicRoutes, ...pagesFor('signedOut'), notFoundRoute],
          },
        ],
      },
      {
        element: <RequireRole role="landlord" />,
        errorElement: <RouteErrorPage />,
        hydrateFallbackElement: <PageLoading />,
        children: pagesFor('landlord'),
      },
      {
        element: <RequireRole role="tenant" />,
        errorElement: <RouteErrorPage />,
        hydrateFallbackElement: <PageLoading />,
        children: pagesFor('tenant'),
      },
      {
        element: <RequireRole role="operator" />,
        errorElement: <RouteErrorPage />,
        hydrateFallbackElement: <PageLoading />,
        children: pagesFor('operator'),
      },
      {
        element: <RequireRole role="finance" />,
        errorElement: <RouteErrorPage />,
        hydrateFallbackElement: <PageLoading />,
        children: pagesFor('finance'),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
