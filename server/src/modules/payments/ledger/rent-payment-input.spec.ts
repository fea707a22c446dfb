import { rentPaymentInputHash } from './rent-payment-input';

describe('rentPaymentInputHash', () => {
  const payment = {
    occurredAt: new Date('2024-03-05T15:00:00Z'),
    tenantUserId: '6f1c8a3e-0b7d-4c1e-9a55-0c2f4b1d7e10',
    landlordUserId: '1d2e3f40-5a6b-4c7d-8e9f-a0b1c2d3e4f5',
    propertyId: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
    chargedCents: 150_699,
    description: 'Rent: March 2024',
    provider: 'sandbox' as const,
    providerReference: null,
  };

  it('is the same for the same payment however its object was built', () => {
    const rebuilt = {
      providerReference: null,
      provider: 'sandbox' as const,
      description: 'Rent: March 2024',
      chargedCents: 150_699,
      propertyId: payment.propertyId.toUpperCase(),
      landlordUserId: payment.landlordUserId,
      tenantUserId: payment.tenantUserId,
      occurredAt: new Date(payment.occurredAt.getTime()),
    };
    expect(rentPaymentInputHash(rebuilt)).toBe(rentPaymentInputHash(payment));
  });

  it('keeps the v1 hash that idempotency keys already stored in the ledger were saved with', () => {
    // A changed recipe would make every retry of a stored payment look like a reused key.
    expect(rentPaymentInputHash(payment)).toBe('v1:522fd1a67800d011dc45fb14d2fbe784a5199d940f5975c1ea4f2b159270cad1');
  });

  it('reads every id the same in upper or lower case', () => {
    const shouted = {
      ...payment,
      tenantUserId: payment.tenantUserId.toUpperCase(),
      landlordUserId: payment.landlordUserId.toUpperCase(),
      propertyId: payment.propertyId.toUpperCase(),
    };
    expect(rentPaymentInputHash(shouted)).toBe(rentPaymentInputHash(payment));
  });

  it.each<[string, Partial<typeof payment> | { providerReference: string }]>([
    ['a cent more', { chargedCents: 150_700 }],
    ['a millisecond later', { occurredAt: new Date('2024-03-05T15:00:00.001Z') }],
    ['another description', { description: 'Rent: April 2024' }],
    ['a provider reference', { providerReference: 'pi_1' }],
  ])('differs for %s', (_change, change) => {
    expect(rentPaymentInputHash({ ...payment, ...change })).not.toBe(rentPaymentInputHash(payment));
  });
});
