import { paths } from '../../app/paths';
import type { FeatureRoutes } from '../../app/featureRoutes';

export const accountsRoutes: FeatureRoutes = {
  signedOut: [
    {
      path: paths.signIn.path,
      lazy: () => import('./SignInPage').then((page) => ({ Component: page.SignInPage })),
    },
    {
      path: paths.forgotPassword.path,
      lazy: () => import('./ForgotPasswordPage').then((page) => ({ Component: page.ForgotPasswordPage })),
    },
  ],
};
