import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { GetReceipt } from './get-receipt.query';
import { ReceiptReader } from '../receipts/receipt-reader';
import type { ReceiptView } from '../receipts/receipt-view';

@QueryHandler(GetReceipt)
export class GetReceiptHandler implements IQueryHandler<GetReceipt> {
  constructor(private readonly receipts: ReceiptReader) {}

  async execute({ receiptId, viewerUserId, viewerType }: GetReceipt): Promise<ReceiptView | null> {
    const receipt = await this.receipts.read(receiptId, viewerUserId);
    // A landlord's URL opens the landlord's view only, and a tenant's the tenant's.
    return receipt?.mode === viewerType ? receipt : null;
  }
}
