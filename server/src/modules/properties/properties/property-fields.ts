import type { PropertyInput } from '@rentwise/libs/schemas/property.schema';
import type { Property } from './property.entity';

/** The columns a landlord's property form sets, adding a property or changing one. */
export function propertyFieldsOf(input: PropertyInput): Pick<Property, 'address' | 'line1' | 'line2' | 'city' | 'state' | 'zip' | 'rentCents'> {
  const { line1, line2, city, state, zip } = input.addressParts;
  return { address: input.address, line1, line2: line2 ?? null, city, state, zip, rentCents: input.rentCents };
}
