import { Navigate } from 'react-router-dom';
import { paths } from '../../app/paths';
import type { FeatureRoutes } from '../../app/featureRoutes';

/**
 * The signed-in person's home: the dashboards, and the pages their tiles and links open that belong
 * to no other feature (personal information, the landlord FAQ, tenant support).
 */
export const dashboardRoutes: FeatureRoutes = {
  landlord: [
    {
      path: paths.landlord.dashboard.path,
      lazy: () => import('./LandlordDashboardPage').then((page) => ({ Component: page.LandlordDashboardPage })),
    },
    {
      path: paths.landlord.info.path,
      lazy: () => import('./PersonalInfoPage').then((page) => ({ Component: page.PersonalInfoPage })),
    },
    {
      path: paths.landlord.faq.path,
      lazy: () => import('./LandlordFaqPage').then((page) => ({ Component: page.LandlordFaqPage })),
    },
    // Spec section 2: any other landlord page goes to the dashboard.
    { path: '/landlord/*', element: <Navigate to={paths.landlord.dashboard.getHref()} replace /> },
  ],
  tenant: [
    {
      path: paths.tenant.dashboard.path,
      lazy: () => import('./TenantDashboardPage').then((page) => ({ Component: page.TenantDashboardPage })),
    },
    {
      path: paths.tenant.info.path,
      lazy: () => import('./PersonalInfoPage').then((page) => ({ Component: page.PersonalInfoPage })),
    },
    {
      path: paths.tenant.support.path,
      lazy: () => import('./TenantSupportPage').then((page) => ({ Component: page.TenantSupportPage })),
    },
    // Spec section 2: the tenant dashboard is also the catch-all.
    { path: '/tenant/*', element: <Navigate to={paths.tenant.dashboard.getHref()} replace /> },
  ],
};
