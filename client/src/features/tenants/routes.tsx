import type { FeatureRoutes } from '../../app/featureRoutes';

export const tenantsRoutes: FeatureRoutes = {};
