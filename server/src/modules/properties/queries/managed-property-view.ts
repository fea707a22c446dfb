import type { Cents } from '@rentwise/libs/money';
import type { RentTerms } from '@rentwise/libs/schemas/rent-terms.schema';
import type { PropertySummary } from '../contracts/property-summary';

/** A property as its landlord's management screens show it. */
export interface ManagedPropertyView {
  propertyId: string;
  address: string;
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  zip: string;
  rentCents: Cents;
  /** Tenants living there now. */
  tenantCount: number;
}

/** One property as its own pages show it: with its rent terms (due day and late fee rule). */
export interface ManagedPropertyDetailView extends ManagedPropertyView {
  rentTerms: RentTerms;
}

export function toManagedPropertyView(property: PropertySummary, tenantCount: number): ManagedPropertyView {
  const { line1, line2, city, state, zip } = property.addressParts;
  return {
    propertyId: property.propertyId,
    address: property.address,
    line1,
    line2: line2 ?? null,
    city,
    state,
    zip,
    rentCents: property.rentCents,
    tenantCount,
  };
}
