import { Command } from '@nestjs/cqrs';
import type { PropertyReminderSettings } from '@rentwise/libs/rent-reminders';

/** The landlord chooses which reminders go out for one of their properties; false when the property is not theirs (or removed). */
export class SetPropertyReminders extends Command<boolean> {
  constructor(
    readonly landlordUserId: string,
    readonly propertyId: string,
    readonly settings: PropertyReminderSettings,
  ) {
    super();
  }
}
