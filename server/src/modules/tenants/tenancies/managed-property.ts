import { NotFoundException } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { MESSAGES } from '@rentwise/libs/messages';
import { GetProperty } from '../../properties/contracts/get-property.query';
import type { PropertySummary } from '../../properties/contracts/property-summary';

/**
 * The property, when this landlord manages it and has not removed it. Someone else's property,
 * a removed one and an unknown id all answer the same 404, so an id reveals nothing.
 */
export async function managedProperty(queries: QueryBus, landlordUserId: string, propertyId: string): Promise<PropertySummary> {
  const property = await queries.execute(new GetProperty(propertyId));
  if (!property || property.landlordUserId !== landlordUserId || property.archived) {
    throw new NotFoundException(MESSAGES.notFound);
  }
  return property;
}
