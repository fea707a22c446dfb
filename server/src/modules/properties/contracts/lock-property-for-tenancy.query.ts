import { Query } from '@nestjs/cqrs';
import type { PropertySummary } from './property-summary';

/**
 * Reads a property and share-locks its row (FOR SHARE) until the caller's transaction ends, so it
 * cannot be removed while a tenant is added to it or moved into it (removal takes FOR UPDATE, then
 * counts tenants). Only inside a unit of work: outside one the lock would end at once, so it throws.
 * Null when unknown.
 */
export class LockPropertyForTenancy extends Query<PropertySummary | null> {
  constructor(readonly propertyId: string) {
    super();
  }
}
