import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { GetTenancy } from '../../tenants/contracts/get-tenancy.query';
import type { TenancyView } from '../../tenants/contracts/tenancy-view';
import { CardGateways } from '../card-gateways/card-gateways';
import { PAYMENT_WAYS, type Payee, paymentWayFor, type PaymentWays } from '../pay-rent/payment-way';

/** A tenant's home and who would be paid by a saved card for it: what saving a card and autopay by card check first. */
export interface TenantCardContext {
  tenancy: TenancyView;
  /** Null when the landlord cannot take card payments through Stripe now. */
  payee: Payee | null;
}

@Injectable()
export class TenantCardContexts {
  constructor(
    private readonly queries: QueryBus,
    private readonly gateways: CardGateways,
    @Inject(PAYMENT_WAYS) private readonly ways: PaymentWays,
  ) {}

  async of(tenantUserId: string): Promise<TenantCardContext | null> {
    const tenancy = await this.queries.execute(new GetTenancy(tenantUserId));
    if (!tenancy) return null;
    const way = paymentWayFor(this.ways, 'stripe_card');
    // A landlord an operator moved to Authorize.Net takes cards there, where nothing is saved for later.
    const onWay = (await this.gateways.of(tenancy.landlordUserId)) === way.landlordGateway;
    return { tenancy, payee: onWay ? await way.payee(tenancy.landlordUserId) : null };
  }
}
