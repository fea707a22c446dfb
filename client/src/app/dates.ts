/** The product's date formats, in the reader's own time zone unless a function is given another. */

const longDate = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
const MEDIUM_DATE: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };
const mediumDate = new Intl.DateTimeFormat('en-US', MEDIUM_DATE);
const dateAndTime = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** 'Monday, May 4, 2026' */
export function todayLabel(now: Date = new Date()): string {
  return longDate.format(now);
}

/**
 * '2026-05-04T15:30:00Z' -> 'May 4, 2026'. Pass `timeZone` to date on another calendar than the
 * reader's, such as a statement's, whose months were cut on the landlord's chosen zone.
 */
export function dateLabel(iso: string, timeZone?: string): string {
  const format = timeZone ? new Intl.DateTimeFormat('en-US', { ...MEDIUM_DATE, timeZone }) : mediumDate;
  return format.format(new Date(iso));
}

/** '2026-05-04T15:30:00Z' -> 'May 4, 2026 at 3:30 PM' */
export function dateTimeLabel(iso: string): string {
  return dateAndTime.format(new Date(iso));
}

/** '2027-01-01T11:00:00Z' -> 'Friday, January 1', on `timeZone`'s calendar (a day that is coming, so no year). */
export function weekdayDateLabel(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone }).format(new Date(iso));
}

/** '2027-01-01T11:00:00Z' -> 'Jan 1', on `timeZone`'s calendar: for a line that must stay short. */
export function shortDateLabel(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone }).format(new Date(iso));
}
