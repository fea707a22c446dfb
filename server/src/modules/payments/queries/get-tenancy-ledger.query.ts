import { Query } from '@nestjs/cqrs';
import type { TenantLedgerView } from './tenant-ledger-view';

/**
 * A landlord's ledger of one tenant at one of their properties, while or after the tenant lived
 * there; null for anyone else's property or tenant (the Tenants module answers who lived where).
 */
export class GetTenancyLedger extends Query<TenantLedgerView | null> {
  constructor(
    readonly landlordUserId: string,
    readonly propertyId: string,
    readonly tenantUserId: string,
  ) {
    super();
  }
}
