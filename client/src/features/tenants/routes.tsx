import { paths } from '../../app/paths';
import type { FeatureRoutes } from '../../app/featureRoutes';

export const tenantsRoutes: FeatureRoutes = {
  landlord: [
    {
      path: paths.landlord.propertyTenants.path,
      lazy: () => import('./PropertyTenantsPage').then((page) => ({ Component: page.PropertyTenantsPage })),
    },
    {
      path: paths.landlord.addTenant.path,
      lazy: () => import('./AddTenantPage').then((page) => ({ Component: page.AddTenantPage })),
    },
    {
      path: paths.landlord.tenantAdded.path,
      lazy: () => import('./TenantAddedPage').then((page) => ({ Component: page.TenantAddedPage })),
    },
    {
      path: paths.landlord.tenancyLedger.path,
      lazy: () => import('./TenancyLedgerPage').then((page) => ({ Component: page.TenancyLedgerPage })),
    },
    {
      path: paths.landlord.recordPayment.path,
      lazy: () => import('./RecordPaymentPage').then((page) => ({ Component: page.RecordPaymentPage })),
    },
    {
      path: paths.landlord.editTenant.path,
      lazy: () => import('./EditTenantPage').then((page) => ({ Component: page.EditTenantPage })),
    },
  ],
  tenant: [
    {
      path: paths.tenant.contactLandlord.path,
      lazy: () => import('./ContactLandlordPage').then((page) => ({ Component: page.ContactLandlordPage })),
    },
  ],
};
