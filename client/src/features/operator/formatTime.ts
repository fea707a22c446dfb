const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 24 * 60 * 60 * 1000],
  ['hour', 60 * 60 * 1000],
  ['minute', 60 * 1000],
];

/** 'May 4, 2026, 3:00 PM' */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** '3 hours ago', 'yesterday', 'just now': how long a registration has waited. */
export function formatAgo(iso: string, now: Date = new Date()): string {
  const elapsedMs = now.getTime() - new Date(iso).getTime();
  for (const [unit, ms] of UNITS) {
    if (Math.abs(elapsedMs) >= ms) return relative.format(-Math.floor(elapsedMs / ms), unit);
  }
  return 'just now';
}
