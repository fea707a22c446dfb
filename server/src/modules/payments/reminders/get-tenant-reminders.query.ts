import { Query } from '@nestjs/cqrs';

/** Whether the tenant gets rent reminders (on unless they turned them off). */
export class GetTenantReminders extends Query<{ remindersOn: boolean }> {
  constructor(readonly tenantUserId: string) {
    super();
  }
}
