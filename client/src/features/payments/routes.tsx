import { paths } from '../../app/paths';
import type { FeatureRoutes } from '../../app/featureRoutes';
import { preloadApiRead } from '../../app/preloadApiRead';

export const paymentsRoutes: FeatureRoutes = {
  tenant: [
    {
      path: paths.tenant.payment.path,
      // A tenant's home page, mostly opened on a phone: its setup is asked for beside its code.
      lazy: () => {
        preloadApiRead('/api/tenant/payment-setup');
        preloadApiRead('/api/tenant/autopay');
        return import('./PaymentPage').then((page) => ({ Component: page.PaymentPage }));
      },
    },
    {
      path: paths.tenant.paymentHistory.path,
      lazy: () => import('./PaymentHistoryPage').then((page) => ({ Component: page.PaymentHistoryPage })),
    },
    {
      path: paths.tenant.ledger.path,
      lazy: () => import('./TenantLedgerPage').then((page) => ({ Component: page.TenantLedgerPage })),
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
