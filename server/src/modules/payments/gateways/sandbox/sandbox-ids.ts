import { randomBytes } from 'node:crypto';

/** A sandbox object's id in Stripe's shape: its kind's prefix, then random hex (`ch_sandbox_9f2c…`). */
export const sandboxId = (prefix: string, bytes = 12): string => `${prefix}${randomBytes(bytes).toString('hex')}`;
