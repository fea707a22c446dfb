/** Time is injected so that cut-offs, expiries and freshness rules can be tested at their edges. */
export abstract class Clock {
  abstract now(): Date;

  nowUnixSeconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

export class FixedClock extends Clock {
  constructor(private current: Date) {
    super();
  }

  now(): Date {
    return new Date(this.current);
  }

  set(to: Date): void {
    this.current = new Date(to);
  }

  advanceMs(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/**
 * The system clock moved forward by an offset: development and browser tests only, so that a test
 * can pass a grace period without waiting (decision 0040). AppModule builds it only outside
 * production, and the dev endpoint that moves it exists only there.
 */
export class MovableClock extends Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Moves the clock to a later instant; it runs on from there. Never backwards: time already seen stays seen. */
  moveTo(at: Date): void {
    const offsetMs = at.getTime() - Date.now();
    if (offsetMs < this.offsetMs) throw new RangeError('The clock only moves forward');
    this.offsetMs = offsetMs;
  }

  /** Back to the system's time (the end of a browser test). */
  reset(): void {
    this.offsetMs = 0;
  }
}
