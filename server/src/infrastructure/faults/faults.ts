import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';

/**
 * The moments the crash suite (npm run test:faults, docs/reliability.md) kills a process at, from
 * inside, because a kill from outside almost never lands in a window a few milliseconds wide.
 */
export const FAULT_POINTS = [
  /** A payment or webhook was committed and its answer is not sent yet: the client retries. */
  'after-commit-before-answer',
  /** The outbox relay added its jobs to BullMQ and has not marked the rows dispatched yet. */
  'after-enqueue-before-commit',
  /** The statements projector wrote lines and has not moved its position or committed yet. */
  'mid-projection',
  /** The mail worker handed an email to SMTP and has not written it to the mail log yet. */
  'after-send-before-record',
  /** Autopay stored a month's payment (its key and amount) and has not asked the provider yet. */
  'autopay-after-store-before-pay',
  /** The provider took an automatic payment and autopay has not recorded what came of it yet. */
  'autopay-after-pay-before-record',
] as const;

export type FaultPoint = (typeof FAULT_POINTS)[number];

/** `point:probability,...`, e.g. `after-commit-before-answer:0.05,mid-projection:0.2`. */
export function parseFaults(spec: string): Map<FaultPoint, number> {
  const faults = new Map<FaultPoint, number>();
  for (const part of spec.split(',').map((item) => item.trim()).filter(Boolean)) {
    const [point, probability] = part.split(':');
    const chance = Number(probability);
    if (!(FAULT_POINTS as readonly string[]).includes(point) || !(chance >= 0 && chance <= 1)) {
      throw new Error(`RENTWISE_FAULTS: '${part}' is not point:probability (points: ${FAULT_POINTS.join(', ')})`);
    }
    faults.set(point as FaultPoint, chance);
  }
  return faults;
}

/** mulberry32: a small seeded generator, so a seed replays the same sequence of decisions. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Kill -9 of this very process at a named point, with the probability RENTWISE_FAULTS gives it. Only
 * when NODE_ENV is test (the config schema refuses RENTWISE_FAULTS in production); otherwise a no-op.
 */
@Injectable()
export class Faults {
  private readonly faults: Map<FaultPoint, number>;
  private readonly random: () => number;

  constructor(config: AppConfig) {
    const spec = config.env.NODE_ENV === 'test' ? config.env.RENTWISE_FAULTS : undefined;
    this.faults = spec ? parseFaults(spec) : new Map();
    this.random = seededRandom(config.env.RENTWISE_FAULTS_SEED ?? 1);
  }

  crashPoint(point: FaultPoint): void {
    const chance = this.faults.get(point);
    if (!chance || this.random() >= chance) return;
    // Written synchronously: the suite counts the kills by these lines.
    process.stderr.write(`RENTWISE_FAULT ${point} pid=${process.pid}\n`);
    process.kill(process.pid, 'SIGKILL');
  }
}
