import { paths } from '../../app/paths';
import type { FeatureRoutes } from '../../app/featureRoutes';

export const onboardingRoutes: FeatureRoutes = {
  signedOut: [
    {
      path: paths.signUp.path,
      lazy: () => import('../accounts/SignUpPage').then((page) => ({ Component: page.SignUpPage })),
    },
  ],
};
