import type { PropertySummary } from '../contracts/property-summary';
import type { Property } from './property.entity';

export function toPropertySummary(property: Property): PropertySummary {
  return {
    propertyId: property.id,
    landlordUserId: property.landlordUserId,
    address: property.address,
    addressParts: {
      line1: property.line1,
      ...(property.line2 ? { line2: property.line2 } : {}),
      city: property.city,
      state: property.state,
      zip: property.zip,
    },
    rentCents: property.rentCents,
    rentDueDay: property.rentDueDay,
    archived: property.archivedAt !== null,
    archivedAt: property.archivedAt?.toISOString() ?? null,
    createdAt: property.createdAt.toISOString(),
  };
}
