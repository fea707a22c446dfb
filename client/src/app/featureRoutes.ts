import type { RouteObject } from 'react-router-dom';

/**
 * The pages a feature adds to each route set (spec section 2). Signed-out pages render in the
 * public frame; the others only for a signed-in person of that type.
 */
export interface FeatureRoutes {
  signedOut?: RouteObject[];
  landlord?: RouteObject[];
  tenant?: RouteObject[];
  operator?: RouteObject[];
  finance?: RouteObject[];
}
