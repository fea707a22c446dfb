import { tenantChargeCents } from '@rentwise/libs/fees';

export interface DemoPayment {
  paidAt: Date;
  chargedCents: number;
  /** The month the tenant meant to pay, for the description. */
  forMonth: { year: number; month: number };
}

/** A small deterministic generator, so every demo database looks the same. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/**
 * One tenant's rent from `from` through `until`: mostly paid in full in the first days of the month,
 * sometimes after the 10th (so it counts to the next month), sometimes in two parts, now and then
 * short. The processing fee of the payment's date is added, as the tenant's card was charged.
 */
export function demoPayments(rentCents: number, from: Date, until: Date, seed: number): DemoPayment[] {
  const random = sequence(seed);
  const payments: DemoPayment[] = [];
  for (
    let year = from.getUTCFullYear(), month = from.getUTCMonth() + 1;
    Date.UTC(year, month - 1, 1) <= until.getTime();
    month === 12 ? ((year += 1), (month = 1)) : (month += 1)
  ) {
    const roll = random();
    const at = (day: number, hour: number) => new Date(Date.UTC(year, month - 1, day, hour, Math.floor(random() * 60)));
    const parts: { day: number; cents: number }[] =
      roll < 0.1
        ? [
            { day: 2, cents: Math.round(rentCents / 200) * 100 },
            { day: 9, cents: rentCents - Math.round(rentCents / 200) * 100 },
          ]
        : roll < 0.18
          ? [{ day: 12 + Math.floor(random() * 5), cents: rentCents }]
          : roll < 0.22
            ? [{ day: 4, cents: rentCents - 25_000 }]
            : [{ day: 1 + Math.floor(random() * 6), cents: rentCents }];
    for (const part of parts) {
      const paidAt = at(part.day, 13 + Math.floor(random() * 8));
      if (paidAt.getTime() > until.getTime()) continue;
      payments.push({ paidAt, chargedCents: tenantChargeCents(part.cents, paidAt), forMonth: { year, month } });
    }
  }
  return payments;
}
