import type { FeatureRoutes } from '../../app/featureRoutes';

export const propertiesRoutes: FeatureRoutes = {};
