import type { Cents } from '@rentwise/libs/money';
import type { UserView } from '../../accounts/contracts/user-view';
import type { Tenancy } from '../tenancies/tenancy.entity';

/** A tenant as their landlord's screens show them. `tenantId` is the tenant's user id. */
export interface LandlordTenantView {
  tenantId: string;
  propertyId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** False until the tenant has created a password and signed in: the invitation may need resending. */
  hasSignedIn: boolean;
  /** ISO time the tenant was added to (or moved into) this property. */
  startedAt: string;
}

/** The property heading a tenant screen. */
export interface TenantPropertyView {
  propertyId: string;
  address: string;
  rentCents: Cents;
}

/** The property a landlord's tenant screens name above the tenants. */
export function toTenantPropertyView({ propertyId, address, rentCents }: TenantPropertyView): TenantPropertyView {
  return { propertyId, address, rentCents };
}

export function toLandlordTenantView(
  tenancy: Pick<Tenancy, 'tenantUserId' | 'propertyId' | 'startedAt'>,
  user: UserView,
): LandlordTenantView {
  return {
    tenantId: tenancy.tenantUserId,
    propertyId: tenancy.propertyId,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    hasSignedIn: user.lastLoginAt !== null,
    startedAt: tenancy.startedAt.toISOString(),
  };
}
