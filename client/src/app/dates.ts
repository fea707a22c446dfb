/** The product's date formats, in the reader's own time zone. */

const longDate = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
const mediumDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
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

/** '2026-05-04T15:30:00Z' -> 'May 4, 2026' */
export function dateLabel(iso: string): string {
  return mediumDate.format(new Date(iso));
}

/** '2026-05-04T15:30:00Z' -> 'May 4, 2026 at 3:30 PM' */
export function dateTimeLabel(iso: string): string {
  return dateAndTime.format(new Date(iso));
}
