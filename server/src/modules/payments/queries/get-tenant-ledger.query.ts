import { Query } from '@nestjs/cqrs';
import type { TenantLedgerView } from './tenant-ledger-view';

/** The signed-in tenant's ledger at their current home; null for a tenant without one. */
export class GetTenantLedger extends Query<TenantLedgerView | null> {
  constructor(readonly tenantUserId: string) {
    super();
  }
}
