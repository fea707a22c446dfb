import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { PublicLayout } from '../components/PublicLayout';
import { PageLoading } from './PageLoading';
import { paths } from './paths';
import { RootLayout } from './RootLayout';
import { RouteErrorPage } from './RouteErrorPage';

/** Every page is its own chunk, so the first visit downloads only the page it asked for. */
const publicPages: RouteObject[] = [
  {
    index: true,
    lazy: () => import('../features/public/HomePage').then((page) => ({ Component: page.HomePage })),
  },
  {
    path: paths.howItWorks.path,
    lazy: () => import('../features/public/HowItWorksPage').then((page) => ({ Component: page.HowItWorksPage })),
  },
  {
    path: paths.privacyPolicy.path,
    lazy: () => import('../features/public/PrivacyPolicyPage').then((page) => ({ Component: page.PrivacyPolicyPage })),
  },
  {
    path: paths.termsOfUse.path,
    lazy: () => import('../features/public/TermsOfUsePage').then((page) => ({ Component: page.TermsOfUsePage })),
  },
  {
    path: paths.signIn.path,
    lazy: () => import('../features/accounts/SignInPage').then((page) => ({ Component: page.SignInPage })),
  },
  {
    path: paths.signUp.path,
    lazy: () => import('../features/accounts/SignUpPage').then((page) => ({ Component: page.SignUpPage })),
  },
  {
    path: paths.forgotPassword.path,
    lazy: () =>
      import('../features/accounts/ForgotPasswordPage').then((page) => ({ Component: page.ForgotPasswordPage })),
  },
  {
    path: '*',
    lazy: () => import('../features/public/NotFoundPage').then((page) => ({ Component: page.NotFoundPage })),
  },
];

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
          { errorElement: <RouteErrorPage />, hydrateFallbackElement: <PageLoading />, children: publicPages },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
