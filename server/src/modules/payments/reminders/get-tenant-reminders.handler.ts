import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { GetTenantReminders } from './get-tenant-reminders.query';
import { ReminderSettings } from './reminder-settings';

@QueryHandler(GetTenantReminders)
export class GetTenantRemindersHandler implements IQueryHandler<GetTenantReminders> {
  constructor(private readonly settings: ReminderSettings) {}

  async execute({ tenantUserId }: GetTenantReminders): Promise<{ remindersOn: boolean }> {
    return { remindersOn: await this.settings.tenantRemindersOn(tenantUserId) };
  }
}
