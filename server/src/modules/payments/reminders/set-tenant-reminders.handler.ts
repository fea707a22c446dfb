import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ReminderSettings } from './reminder-settings';
import { SetTenantReminders } from './set-tenant-reminders.command';

@CommandHandler(SetTenantReminders)
export class SetTenantRemindersHandler implements ICommandHandler<SetTenantReminders> {
  constructor(private readonly settings: ReminderSettings) {}

  async execute({ tenantUserId, remindersOn }: SetTenantReminders): Promise<void> {
    await this.settings.setTenantReminders(tenantUserId, remindersOn);
  }
}
