import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { GetTenancy } from '../../tenants/contracts/get-tenancy.query';
import type { TenancyView } from '../../tenants/contracts/tenancy-view';
import { PAYMENT_WAYS, type Payee, paymentWayFor, type PaymentWays } from '../pay-rent/payment-way';

/** A tenant's home and who would be paid by bank debit for it: what saving an account and autopay check first. */
export interface TenantBankDebitContext {
  tenancy: TenancyView;
  /** Null when the landlord cannot take bank debits now. */
  payee: Payee | null;
}

@Injectable()
export class TenantBankDebitContexts {
  constructor(
    private readonly queries: QueryBus,
    @Inject(PAYMENT_WAYS) private readonly ways: PaymentWays,
  ) {}

  async of(tenantUserId: string): Promise<TenantBankDebitContext | null> {
    const tenancy = await this.queries.execute(new GetTenancy(tenantUserId));
    if (!tenancy) return null;
    const payee = await paymentWayFor(this.ways, 'stripe_bank_debit').payee(tenancy.landlordUserId);
    return { tenancy, payee };
  }
}
