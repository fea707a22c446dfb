import { paths } from '../../app/paths';
import type { FeatureRoutes } from '../../app/featureRoutes';

export const autopayRoutes: FeatureRoutes = {
  tenant: [
    {
      path: paths.tenant.autopay.path,
      lazy: () => import('./AutopayPage').then((page) => ({ Component: page.AutopayPage })),
    },
  ],
};
