import type { AuthorizeNetBatchTransaction } from '../gateways/authorize-net-gateway.port';
import { batchLinesOf } from './authorize-net-batch-lines';

const at = new Date('2027-01-05T22:00:00Z');
const transaction = (over: Partial<AuthorizeNetBatchTransaction>): AuthorizeNetBatchTransaction => ({
  transactionId: '1',
  kind: 'charge',
  status: 'settled',
  amountCents: 100_00,
  invoiceNumber: null,
  refTransactionId: null,
  submittedAt: at,
  ...over,
});

describe('batchLinesOf', () => {
  it('deposits the settled charges less the refunds and the charges taken back', () => {
    const { lines, netCents } = batchLinesOf([
      transaction({ transactionId: '1', amountCents: 1500_00 }),
      transaction({ transactionId: '2', kind: 'refund', amountCents: 200_00, refTransactionId: '0' }),
      transaction({ transactionId: '3', status: 'chargeback', amountCents: 900_00 }),
      transaction({ transactionId: '4', status: 'returned_item', amountCents: 50_00 }),
      transaction({ transactionId: '5', status: 'chargeback_reversal', amountCents: 25_00 }),
    ]);
    expect(netCents).toBe(1500_00 - 200_00 - 900_00 - 50_00 + 25_00);
    expect(lines.map((line) => [line.kind, line.amountCents])).toEqual([
      ['charge', 1500_00],
      ['refund', -200_00],
      ['dispute', -900_00],
      ['dispute', -50_00],
      ['dispute_reversal', 25_00],
    ]);
  });

  it("names a refund's charge, so its line links the payment refunded", () => {
    const { lines } = batchLinesOf([transaction({ transactionId: '2', kind: 'refund', refTransactionId: '1' })]);
    expect(lines[0].chargeId).toBe('1');
  });

  it('leaves out a transaction that moves no money', () => {
    expect(batchLinesOf([transaction({ status: 'other' })])).toEqual({ lines: [], netCents: 0 });
  });
});
