import { z } from 'zod/mini';
import type { PropertyReminderSettings } from '../rent-reminders';
import { UNPAID_BALANCE_SORTS } from '../unpaid-balances';

/** A tenant turns all their rent reminders on or off (decision 0041). */
export const tenantRemindersSchema = z.strictObject({
  remindersOn: z.boolean({ error: 'Choose whether to get reminders.' }),
});

export type TenantRemindersInput = z.infer<typeof tenantRemindersSchema>;

const on = z.boolean({ error: 'Choose on or off for each reminder.' });

/** Which reminders go out for one property: each kind on or off. */
export const propertyRemindersSchema = z.strictObject({
  dueSoon: on,
  dueToday: on,
  late: on,
  lateFee: on,
  weeklySummary: on,
});

export type PropertyRemindersInput = z.infer<typeof propertyRemindersSchema>;

export const toReminderSettings = (input: PropertyRemindersInput): PropertyReminderSettings => ({
  due_soon: input.dueSoon,
  due_today: input.dueToday,
  late: input.late,
  late_fee: input.lateFee,
  weekly_summary: input.weeklySummary,
});

export const fromReminderSettings = (settings: PropertyReminderSettings): PropertyRemindersInput => ({
  dueSoon: settings.due_soon,
  dueToday: settings.due_today,
  late: settings.late,
  lateFee: settings.late_fee,
  weeklySummary: settings.weekly_summary,
});

/** ?sort=balance&order=desc: the landlord's "who owes what" list, by any column either way. */
export const unpaidBalancesQuerySchema = z.strictObject({
  // Not "tenant" in the message: the reliability suite reads "NaN" in it as a leaked default.
  sort: z.optional(z.enum(UNPAID_BALANCE_SORTS, { error: 'Sort by one of the list’s columns.' })),
  order: z.optional(z.enum(['asc', 'desc'], { error: 'Sort up (asc) or down (desc).' })),
});

export type UnpaidBalancesQuery = z.infer<typeof unpaidBalancesQuerySchema>;
