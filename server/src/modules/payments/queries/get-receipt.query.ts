import { Query } from '@nestjs/cqrs';
import type { ReceiptView } from '../receipts/receipt-view';

/** A payment's receipt for the person asking: the tenant who paid or the landlord paid. Null for anyone else. */
export class GetReceipt extends Query<ReceiptView | null> {
  constructor(
    readonly receiptId: string,
    readonly viewerUserId: string,
    readonly viewerType: 'tenant' | 'landlord',
  ) {
    super();
  }
}
