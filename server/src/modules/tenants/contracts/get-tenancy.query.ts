import { Query } from '@nestjs/cqrs';
import type { TenancyView } from './tenancy-view';

/** Where a tenant lives now (the payment screen, the tenant dashboard). Null for a removed or unknown tenant. */
export class GetTenancy extends Query<TenancyView | null> {
  constructor(readonly tenantUserId: string) {
    super();
  }
}
