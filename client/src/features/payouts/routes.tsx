import { paths } from '../../app/paths';
import type { FeatureRoutes } from '../../app/featureRoutes';

export const payoutsRoutes: FeatureRoutes = {
  landlord: [
    {
      path: paths.landlord.payouts.path,
      lazy: () => import('./PayoutsPage').then((page) => ({ Component: page.PayoutsPage })),
    },
    {
      path: paths.landlord.authorizeNetAccount.path,
      lazy: () => import('./AuthorizeNetAccountPage').then((page) => ({ Component: page.AuthorizeNetAccountPage })),
    },
  ],
};
