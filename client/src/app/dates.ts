const longDate = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });

/** 'Monday, May 4, 2026' */
export function todayLabel(now: Date = new Date()): string {
  return longDate.format(now);
}
