import { paths } from '../../app/paths';
import type { FeatureRoutes } from '../../app/featureRoutes';

export const paymentsRoutes: FeatureRoutes = {
  tenant: [
    {
      path: paths.tenant.payment.path,
      lazy: () => import('./PaymentPage').then((page) => ({ Component: page.PaymentPage })),
    },
    {
      path: paths.tenant.paymentHistory.path,
      lazy: () => import('./PaymentHistoryPage').then((page) => ({ Component: page.PaymentHistoryPage })),
    },
    {
      path: paths.tenant.paymentReceipt.path,
      lazy: () => import('./ReceiptPage').then((page) => ({ Component: page.TenantReceiptPage })),
    },
  ],
  landlord: [
    {
      path: paths.landlord.paymentReceipt.path,
      lazy: () => import('./ReceiptPage').then((page) => ({ Component: page.LandlordReceiptPage })),
    },
  ],
};
