import { paths } from '../../app/paths';
import type { FeatureRoutes } from '../../app/featureRoutes';
import { SignedOutOnly } from '../../app/sessionRoutes';

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
      // Opened from the new address's mailbox, perhaps in the browser that asked, signed in.
      path: paths.confirmEmail.path,
      lazy: () => import('./ConfirmEmailPage').then((page) => ({ Component: page.ConfirmEmailPage })),
    },
    {
      path: paths.homeRedirect.path,
      lazy: () => import('./HomeRedirectPage').then((page) => ({ Component: page.HomeRedirectPage })),
    },
  ],
};
