import { paths } from '../../app/paths';
import type { FeatureRoutes } from '../../app/featureRoutes';
import { SignedOutOnly } from '../../app/sessionRoutes';

/** Landlord onboarding: sign-up, and the pages around step 1 (the payout account) of the approval email. */
export const onboardingRoutes: FeatureRoutes = {
  signedOut: [
    {
      // A signed-in person has no business signing up: they go to their dashboard.
      element: <SignedOutOnly />,
      children: [
        {
          path: paths.signUp.path,
          lazy: () => import('./SignUpPage').then((page) => ({ Component: page.SignUpPage })),
        },
        {
          path: paths.onboarding.registered.path,
          lazy: () => import('./RegisteredPage').then((page) => ({ Component: page.RegisteredPage })),
        },
      ],
    },
    // Open whether or not a session exists: a landlord may do step 2 (password) and sign in before
    // step 1, and must still be able to come back from the provider and see the outcome.
    {
      path: paths.onboarding.payoutAccountReturn.path,
      lazy: () => import('./PayoutReturnPage').then((page) => ({ Component: page.PayoutReturnPage })),
    },
    {
      path: paths.onboarding.payoutAccountCreated.path,
      lazy: () => import('./PayoutCreatedPage').then((page) => ({ Component: page.PayoutCreatedPage })),
    },
    {
      path: paths.onboarding.payoutAccountError.path,
      lazy: () => import('./PayoutErrorPage').then((page) => ({ Component: page.PayoutErrorPage })),
    },
  ],
};
