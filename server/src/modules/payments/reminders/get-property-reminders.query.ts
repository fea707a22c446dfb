import { Query } from '@nestjs/cqrs';
import type { PropertyReminderSettings } from '@rentwise/libs/rent-reminders';

export interface PropertyRemindersView {
  propertyId: string;
  propertyAddress: string;
  settings: PropertyReminderSettings;
}

/** Which reminders go out for one of the landlord's properties; null for a property that is not theirs (or removed). */
export class GetPropertyReminders extends Query<PropertyRemindersView | null> {
  constructor(
    readonly landlordUserId: string,
    readonly propertyId: string,
  ) {
    super();
  }
}
