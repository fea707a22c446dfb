import { z } from 'zod/mini';
import { isCalendarDate } from '../recorded-payments';

/** The longest period one download covers: a few tax years, not the whole history at once. */
export const TRANSACTIONS_PERIOD_MAX_YEARS = 3;

export const TRANSACTIONS_EXPORT_MESSAGES = {
  choosePeriod: 'Choose a year, or a period with a first and a last day.',
  yearOrPeriod: 'Choose a year or a period, not both.',
  year: 'Choose a year from 2000 to 2099.',
  day: 'Choose a day as YYYY-MM-DD, from 2000 to 2099.',
  endsBeforeStart: 'The period’s last day comes before its first.',
  tooLong: `Choose a period of at most ${TRANSACTIONS_PERIOD_MAX_YEARS} years.`,
} as const;

const DAY_MS = 86_400_000;
const dayNumber = (day: string): number => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

const dayField = z.optional(z.string({ error: TRANSACTIONS_EXPORT_MESSAGES.day }).check(z.refine(isCalendarDate, TRANSACTIONS_EXPORT_MESSAGES.day)));

/**
 * GET /api/landlord/transactions.csv?year=2025, or ?from=2025-01-01&to=2025-03-31: days on the
 * landlord's calendar, both included (decision 0045).
 */
export const transactionsExportQuerySchema = z
  .strictObject({
    year: z.optional(
      z.coerce
        .number({ error: TRANSACTIONS_EXPORT_MESSAGES.year })
        .check(
          z.int(TRANSACTIONS_EXPORT_MESSAGES.year),
          z.minimum(2000, TRANSACTIONS_EXPORT_MESSAGES.year),
          z.maximum(2099, TRANSACTIONS_EXPORT_MESSAGES.year),
        ),
    ),
    from: dayField,
    to: dayField,
  })
  .check(
    z.refine((query) => !(query.year !== undefined && (query.from !== undefined || query.to !== undefined)), TRANSACTIONS_EXPORT_MESSAGES.yearOrPeriod),
    z.refine((query) => query.year !== undefined || (query.from !== undefined && query.to !== undefined), TRANSACTIONS_EXPORT_MESSAGES.choosePeriod),
    z.refine((query) => query.from === undefined || query.to === undefined || query.from <= query.to, TRANSACTIONS_EXPORT_MESSAGES.endsBeforeStart),
    z.refine(
      (query) =>
        query.from === undefined || query.to === undefined || dayNumber(query.to) - dayNumber(query.from) < TRANSACTIONS_PERIOD_MAX_YEARS * 366,
      TRANSACTIONS_EXPORT_MESSAGES.tooLong,
    ),
  );

export type TransactionsExportQuery = z.infer<typeof transactionsExportQuerySchema>;
