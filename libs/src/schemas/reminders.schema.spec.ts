import { z } from 'zod/mini';
import { fromReminderSettings, propertyRemindersSchema, tenantRemindersSchema, toReminderSettings, unpaidBalancesQuerySchema } from './reminders.schema';

const allOn = { dueSoon: true, dueToday: true, late: true, lateFee: true, weeklySummary: true };

describe('the reminder schemas', () => {
  it('takes every kind on or off, and nothing else', () => {
    expect(z.safeParse(propertyRemindersSchema, { ...allOn, late: false }).success).toBe(true);
    expect(z.safeParse(propertyRemindersSchema, { ...allOn, late: 'no' }).error?.issues[0].message).toBe('Choose on or off for each reminder.');
    expect(z.safeParse(propertyRemindersSchema, { ...allOn, sms: true }).success).toBe(false);
    expect(z.safeParse(tenantRemindersSchema, { remindersOn: false }).success).toBe(true);
    expect(z.safeParse(tenantRemindersSchema, {}).error?.issues[0].message).toBe('Choose whether to get reminders.');
  });

  it('maps the form’s words to the occasions and back', () => {
    const settings = toReminderSettings({ ...allOn, dueToday: false });
    expect(settings).toEqual({ due_soon: true, due_today: false, late: true, late_fee: true, weekly_summary: true });
    expect(fromReminderSettings(settings)).toEqual({ ...allOn, dueToday: false });
  });

  it('sorts the balances by a known column only', () => {
    expect(z.safeParse(unpaidBalancesQuerySchema, { sort: 'daysLate', order: 'asc' }).success).toBe(true);
    expect(z.safeParse(unpaidBalancesQuerySchema, {}).success).toBe(true);
    expect(z.safeParse(unpaidBalancesQuerySchema, { sort: 'rent' }).error?.issues[0].message).toBe('Sort by one of the list’s columns.');
  });
});
