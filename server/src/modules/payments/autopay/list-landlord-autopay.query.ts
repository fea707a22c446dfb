import { Query } from '@nestjs/cqrs';
import type { AutopayRunView } from './get-autopay.query';

export interface LandlordAutopayRow {
  tenantUserId: string;
  isOn: boolean;
  /** The tenant's last automatic payment, whatever came of it. */
  lastPayment: AutopayRunView | null;
}

/** Which of the landlord's tenants have set up autopay, and how their last automatic payment went. */
export class ListLandlordAutopay extends Query<LandlordAutopayRow[]> {
  constructor(readonly landlordUserId: string) {
    super();
  }
}
