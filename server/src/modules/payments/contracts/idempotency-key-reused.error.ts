/**
 * An idempotency key came back with different input than it was first recorded with. A retry must
 * repeat its request exactly; this is a client bug or a reused key, so callers over HTTP answer 422.
 */
export class IdempotencyKeyReused extends Error {
  constructor(readonly idempotencyKey: string) {
    super(`The idempotency key ${idempotencyKey} was already used for a different payment`);
    this.name = 'IdempotencyKeyReused';
  }
}
