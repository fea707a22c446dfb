import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { GetTenancy } from '../../tenants/contracts/get-tenancy.query';
import type { TenancyView } from '../../tenants/contracts/tenancy-view';
import { PAYMENT_WAYS, type Payee, paymentWayFor, type PaymentWays } from '../pay-rent/payment-way';

/** A tenant's home and who would be paid by bank debit for it, as the autopay screens and commands need them. */
export interface AutopayContext {
  tenancy: TenancyView;
  /** Null when the landlord cannot take bank debits now. */
  payee: Payee | null;
}

@Injectable()
export class AutopayContexts {
  constructor(
    private readonly queries: QueryBus,
    @Inject(PAYMENT_WAYS) private readonly ways: PaymentWays,
  ) {}

  async of(tenantUserId: string): Promise<AutopayContext | null> {
    const tenancy = await this.queries.execute(new GetTenancy(tenantUserId));
    if (!tenancy) return null;
    const payee = await paymentWayFor(this.ways, 'stripe_bank_debit').payee(tenancy.landlordUserId);
    return { tenancy, payee };
  }
}
