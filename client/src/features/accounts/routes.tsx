import type { RouteObject } from 'react-router-dom';
import { paths } from '../../app/paths';
import type { FeatureRoutes } from '../../app/featureRoutes';
import { SignedOutOnly } from '../../app/sessionRoutes';

/** Placeholders for pages later releases build; replace the entry (keep the path) when the real page exists. */
const comingSoon = (path: string, title: string, description: string): RouteObject => ({
  path,
  lazy: () =>
    import('./ComingSoonPage').then((page) => ({
      Component: () => <page.ComingSoonPage title={title} description={description} />,
    })),
});

export const accountsRoutes: FeatureRoutes = {
  signedOut: [
    {
      // Pages for people who are not signed in: a signed-in person goes to their dashboard instead.
      element: <SignedOutOnly />,
      children: [
        {
          path: paths.signIn.path,
          lazy: () => import('./SignInPage').then((page) => ({ Component: page.SignInPage })),
        },
        {
          path: paths.forgotPassword.path,
          lazy: () => import('./ForgotPasswordPage').then((page) => ({ Component: page.ForgotPasswordPage })),
        },
        {
          path: paths.passwordResetSuccess.path,
          lazy: () =>
            import('./PasswordResetSuccessPage').then((page) => ({ Component: page.PasswordResetSuccessPage })),
        },
        {
          path: paths.resetPassword.path,
          lazy: () => import('./ResetPasswordPage').then((page) => ({ Component: page.ResetPasswordPage })),
        },
        {
          path: paths.createPassword.path,
          lazy: () => import('./CreatePasswordPage').then((page) => ({ Component: page.CreatePasswordPage })),
        },
      ],
    },
    {
      path: paths.homeRedirect.path,
      lazy: () => import('./HomeRedirectPage').then((page) => ({ Component: page.HomeRedirectPage })),
    },
  ],
  landlord: [
    comingSoon(
      paths.landlord.paymentHistory.path,
      'Payment History',
      'Soon you will see the rent received for each property, month by month, with a receipt for every payment.',
    ),
  ],
};
