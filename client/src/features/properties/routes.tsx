import { paths } from '../../app/paths';
import type { FeatureRoutes } from '../../app/featureRoutes';

export const propertiesRoutes: FeatureRoutes = {
  landlord: [
    {
      path: paths.landlord.properties.path,
      lazy: () => import('./ManagePropertiesPage').then((page) => ({ Component: page.ManagePropertiesPage })),
    },
    {
      path: paths.landlord.addProperty.path,
      lazy: () => import('./PropertyFormPage').then((page) => ({ Component: page.AddPropertyPage })),
    },
    {
      path: paths.landlord.updateProperty.path,
      lazy: () => import('./PropertyFormPage').then((page) => ({ Component: page.UpdatePropertyPage })),
    },
    {
      path: paths.landlord.propertyRentTerms.path,
      lazy: () => import('./RentTermsPage').then((page) => ({ Component: page.RentTermsPage })),
    },
  ],
};
