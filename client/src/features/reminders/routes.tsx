import { paths } from '../../app/paths';
import type { FeatureRoutes } from '../../app/featureRoutes';

/** Rent reminders' settings per property, and the landlord's "who owes what" (decision 0041). */
export const remindersRoutes: FeatureRoutes = {
  landlord: [
    {
      path: paths.landlord.balances.path,
      lazy: () => import('./WhoOwesPage').then((page) => ({ Component: page.WhoOwesPage })),
    },
    {
      path: paths.landlord.propertyReminders.path,
      lazy: () => import('./PropertyRemindersPage').then((page) => ({ Component: page.PropertyRemindersPage })),
    },
  ],
};
