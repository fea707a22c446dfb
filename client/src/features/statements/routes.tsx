import { paths } from '../../app/paths';
import type { FeatureRoutes } from '../../app/featureRoutes';

export const statementsRoutes: FeatureRoutes = {
  landlord: [
    {
      path: paths.landlord.paymentHistory.path,
      lazy: () => import('./PropertyPickerPage').then((page) => ({ Component: page.PropertyPickerPage })),
    },
    {
      path: paths.landlord.propertyPaymentHistory.path,
      lazy: () => import('./MonthlyOverviewPage').then((page) => ({ Component: page.MonthlyOverviewPage })),
    },
    {
      path: paths.landlord.monthPayments.path,
      lazy: () => import('./MonthPaymentsPage').then((page) => ({ Component: page.MonthPaymentsPage })),
    },
    {
      path: paths.landlord.statements.path,
      lazy: () => import('./StatementsPage').then((page) => ({ Component: page.StatementsPage })),
    },
  ],
};
