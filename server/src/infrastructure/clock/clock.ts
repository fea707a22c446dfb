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
