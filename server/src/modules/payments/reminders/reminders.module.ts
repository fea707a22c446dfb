import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { LandlordRemindersController, TenantRemindersController } from '../http/rent-reminders.controller';
import { ListUnpaidBalancesHandler } from '../queries/list-unpaid-balances.handler';
import { GetPropertyRemindersHandler } from './get-property-reminders.handler';
import { GetTenantRemindersHandler } from './get-tenant-reminders.handler';
import { ReminderSettings } from './reminder-settings';
import { RentReminderEmailProcessor } from './rent-reminder-email.processor';
import { RentReminderMailer } from './rent-reminder-mailer';
import { RentReminderSender } from './rent-reminder-sender';
import { RentRemindersProcessor } from './rent-reminders.processor';
import { JobScheduler } from '../../../infrastructure/queue/job-scheduler';
import { RENT_REMINDER_EMAILS_QUEUE } from './send-rent-reminder-email.job';
import { RENT_REMINDERS_QUEUE, RENT_REMINDERS_SCHEDULE } from './send-rent-reminders.job';
import { SetPropertyRemindersHandler } from './set-property-reminders.handler';
import { SetTenantRemindersHandler } from './set-tenant-reminders.handler';
import { TenancyLedgers } from './tenancy-ledgers';

/**
 * Part of the payments module: rent reminders by email, sent by a scheduled job once each
 * (decision 0041), their settings, and the landlord's "who owes what".
 */
@Module({})
export class RemindersModule {
  static register(options: { runWorker: boolean }): DynamicModule {
    return {
      module: RemindersModule,
      imports: [CqrsModule, BullModule.registerQueue({ name: RENT_REMINDERS_QUEUE }, { name: RENT_REMINDER_EMAILS_QUEUE })],
      controllers: [TenantRemindersController, LandlordRemindersController],
      providers: [
        TenancyLedgers,
        ReminderSettings,
        RentReminderSender,
        RentReminderMailer,
        ListUnpaidBalancesHandler,
        GetTenantRemindersHandler,
        SetTenantRemindersHandler,
        GetPropertyRemindersHandler,
        SetPropertyRemindersHandler,
        ...(options.runWorker ? [RentRemindersProcessor, JobScheduler(RENT_REMINDERS_QUEUE, RENT_REMINDERS_SCHEDULE), RentReminderEmailProcessor] : []),
      ],
      exports: [RentReminderSender, TenancyLedgers],
    };
  }
}
