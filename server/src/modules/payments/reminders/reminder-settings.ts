import { Injectable } from '@nestjs/common';
import { ALL_REMINDERS_ON, type PropertyReminderSettings } from '@rentwise/libs/rent-reminders';
import { Clock } from '../../../infrastructure/clock/clock';
import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';

const TENANTS_OFF = preparedStatement<{ tenant_user_id: string }, [tenantUserIds: string[]]>(
  'payments.reminders-tenants-off',
  `SELECT tenant_user_id FROM payments.tenant_reminder_settings WHERE tenant_user_id = ANY($1::uuid[]) AND NOT reminders_on`,
);

const SET_TENANT = preparedStatement<never, [tenantUserId: string, on: boolean, at: Date]>(
  'payments.reminders-set-tenant',
  `INSERT INTO payments.tenant_reminder_settings (tenant_user_id, reminders_on, updated_at) VALUES ($1, $2, $3)
   ON CONFLICT (tenant_user_id) DO UPDATE SET reminders_on = EXCLUDED.reminders_on, updated_at = EXCLUDED.updated_at`,
);

type SettingsRow = { property_id: string; due_soon: boolean; due_today: boolean; late: boolean; late_fee: boolean; weekly_summary: boolean };

const PROPERTIES = preparedStatement<SettingsRow, [propertyIds: string[]]>(
  'payments.reminders-properties',
  `SELECT property_id, due_soon, due_today, late, late_fee, weekly_summary FROM payments.property_reminder_settings WHERE property_id = ANY($1::uuid[])`,
);

const SET_PROPERTY = preparedStatement<never, [propertyId: string, dueSoon: boolean, dueToday: boolean, late: boolean, lateFee: boolean, weeklySummary: boolean, at: Date]>(
  'payments.reminders-set-property',
  `INSERT INTO payments.property_reminder_settings (property_id, due_soon, due_today, late, late_fee, weekly_summary, updated_at)
   VALUES ($1, $2, $3, $4, $5, $6, $7)
   ON CONFLICT (property_id) DO UPDATE SET due_soon = EXCLUDED.due_soon, due_today = EXCLUDED.due_today, late = EXCLUDED.late,
     late_fee = EXCLUDED.late_fee, weekly_summary = EXCLUDED.weekly_summary, updated_at = EXCLUDED.updated_at`,
);

/** Who turned which reminders off (decision 0041): a tenant all of theirs, a landlord each kind per property. Everything is on until turned off. */
@Injectable()
export class ReminderSettings {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /** The tenants among these who turned their reminders off. */
  async tenantsOff(tenantUserIds: readonly string[]): Promise<Set<string>> {
    if (tenantUserIds.length === 0) return new Set();
    const rows = await this.unitOfWork.query(TENANTS_OFF, [[...new Set(tenantUserIds)]]);
    return new Set(rows.map((row) => row.tenant_user_id));
  }

  async tenantRemindersOn(tenantUserId: string): Promise<boolean> {
    return !(await this.tenantsOff([tenantUserId])).has(tenantUserId);
  }

  async setTenantReminders(tenantUserId: string, on: boolean): Promise<void> {
    await this.unitOfWork.query(SET_TENANT, [tenantUserId, on, this.clock.now()]);
  }

  /** Each property's settings; a property nobody set has every kind on. */
  async ofProperties(propertyIds: readonly string[]): Promise<Map<string, PropertyReminderSettings>> {
    const settings = new Map<string, PropertyReminderSettings>(propertyIds.map((id) => [id, { ...ALL_REMINDERS_ON }]));
    if (propertyIds.length === 0) return settings;
    for (const row of await this.unitOfWork.query(PROPERTIES, [[...new Set(propertyIds)]])) {
      settings.set(row.property_id, { due_soon: row.due_soon, due_today: row.due_today, late: row.late, late_fee: row.late_fee, weekly_summary: row.weekly_summary });
    }
    return settings;
  }

  async ofProperty(propertyId: string): Promise<PropertyReminderSettings> {
    return (await this.ofProperties([propertyId])).get(propertyId) as PropertyReminderSettings;
  }

  async setProperty(propertyId: string, settings: PropertyReminderSettings): Promise<void> {
    await this.unitOfWork.query(SET_PROPERTY, [
      propertyId,
      settings.due_soon,
      settings.due_today,
      settings.late,
      settings.late_fee,
      settings.weekly_summary,
      this.clock.now(),
    ]);
  }
}
