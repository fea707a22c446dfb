import { NotFoundException } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { MESSAGES } from '@rentwise/libs/messages';
import { GetProperty } from '../../properties/contracts/get-property.query';
import { LockPropertyForTenancy } from '../../properties/contracts/lock-property-for-tenancy.query';
import type { PropertySummary } from '../../properties/contracts/property-summary';

function managedOr404(property: PropertySummary | null, landlordUserId: string): PropertySummary {
  if (!property || property.landlordUserId !== landlordUserId || property.archived) {
    throw new NotFoundException(MESSAGES.notFound);
  }
  return property;
}

/**
 * The property, when this landlord manages it and has not removed it. Someone else's property,
 * a removed one and an unknown id all answer the same 404, so an id reveals nothing.
 */
export async function managedProperty(queries: QueryBus, landlordUserId: string, propertyId: string): Promise<PropertySummary> {
  return managedOr404(await queries.execute(new GetProperty(propertyId)), landlordUserId);
}

/**
 * As managedProperty, for a tenant about to live there (invited, or moved in): the property stays
 * share-locked until the caller's transaction ends, so it cannot be removed in between.
 */
export async function lockManagedPropertyForTenancy(
  queries: QueryBus,
  landlordUserId: string,
  propertyId: string,
): Promise<PropertySummary> {
  return managedOr404(await queries.execute(new LockPropertyForTenancy(propertyId)), landlordUserId);
}
