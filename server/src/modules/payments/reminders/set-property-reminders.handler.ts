import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { GetProperty } from '../../properties/contracts/get-property.query';
import { ReminderSettings } from './reminder-settings';
import { SetPropertyReminders } from './set-property-reminders.command';

@CommandHandler(SetPropertyReminders)
export class SetPropertyRemindersHandler implements ICommandHandler<SetPropertyReminders> {
  constructor(
    private readonly queries: QueryBus,
    private readonly settings: ReminderSettings,
  ) {}

  async execute({ landlordUserId, propertyId, settings }: SetPropertyReminders): Promise<boolean> {
    const property = await this.queries.execute(new GetProperty(propertyId));
    if (!property || property.landlordUserId !== landlordUserId || property.archived) return false;
    await this.settings.setProperty(propertyId, settings);
    return true;
  }
}
