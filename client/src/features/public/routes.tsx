import type { RouteObject } from 'react-router-dom';
import { paths } from '../../app/paths';

/** The marketing and legal pages, open to everyone. */
export const publicRoutes: RouteObject[] = [
  {
    index: true,
    lazy: () => import('./HomePage').then((page) => ({ Component: page.HomePage })),
  },
  {
    path: paths.howItWorks.path,
    lazy: () => import('./HowItWorksPage').then((page) => ({ Component: page.HowItWorksPage })),
  },
  {
    path: paths.privacyPolicy.path,
    lazy: () => import('./PrivacyPolicyPage').then((page) => ({ Component: page.PrivacyPolicyPage })),
  },
  {
    path: paths.termsOfUse.path,
    lazy: () => import('./TermsOfUsePage').then((page) => ({ Component: page.TermsOfUsePage })),
  },
];

export const notFoundRoute: RouteObject = {
  path: '*',
  lazy: () => import('./NotFoundPage').then((page) => ({ Component: page.NotFoundPage })),
};
