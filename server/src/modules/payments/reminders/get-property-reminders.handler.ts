import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { GetProperty } from '../../properties/contracts/get-property.query';
import { GetPropertyReminders, PropertyRemindersView } from './get-property-reminders.query';
import { ReminderSettings } from './reminder-settings';

@QueryHandler(GetPropertyReminders)
export class GetPropertyRemindersHandler implements IQueryHandler<GetPropertyReminders> {
  constructor(
    private readonly queries: QueryBus,
    private readonly settings: ReminderSettings,
  ) {}

  async execute({ landlordUserId, propertyId }: GetPropertyReminders): Promise<PropertyRemindersView | null> {
    const property = await this.queries.execute(new GetProperty(propertyId));
    if (!property || property.landlordUserId !== landlordUserId || property.archived) return null;
    return { propertyId, propertyAddress: property.address, settings: await this.settings.ofProperty(propertyId) };
  }
}
