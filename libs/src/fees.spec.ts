import fc from 'fast-check';
import {
  PLATFORM_FEE_ERAS,
  TENANT_PROCESSING_FEE_CENTS,
  platformFeeCentsAt,
  platformFeeEraAt,
  landlordReceivesCents,
  tenantChargeCents,
  tenantChargeParts,
  tenantProcessingFeeCentsAt,
} from './fees';

describe('platform fee schedule', () => {
  it('deducts 100 cents for payments up to and including unix 1596045540', () => {
    expect(platformFeeCentsAt(0)).toBe(100);
    expect(platformFeeCentsAt(1596045539)).toBe(100);
    expect(platformFeeCentsAt(1596045540)).toBe(100);
  });

  it('deducts 199 cents from the second after 1596045540 up to and including 1661990400', () => {
    expect(platformFeeCentsAt(1596045540.5)).toBe(199);
    expect(platformFeeCentsAt(1596045541)).toBe(199);
    expect(platformFeeCentsAt(1661990400)).toBe(199);
  });

  it('deducts 699 cents after 1661990400', () => {
    expect(platformFeeCentsAt(1661990401)).toBe(699);
    expect(platformFeeCentsAt(2_000_000_000)).toBe(699);
  });

  it('exports the eras in order so statements can label them', () => {
    expect(PLATFORM_FEE_ERAS.map((e) => e.feeCents)).toEqual([100, 199, 699]);
    expect(platformFeeEraAt(1661990400)).toBe(PLATFORM_FEE_ERAS[1]);
  });

  it('never lowers the fee as time goes on', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000 }), fc.integer({ min: 0, max: 4_000_000_000 }), (a, b) => {
        const [earlier, later] = a <= b ? [a, b] : [b, a];
        expect(platformFeeCentsAt(earlier)).toBeLessThanOrEqual(platformFeeCentsAt(later));
      }),
    );
  });

  it('shows the landlord the payment less the fee of its date', () => {
    expect(landlordReceivesCents(150_000, 1596045540)).toBe(149_900);
    expect(landlordReceivesCents(150_000, 1661990400)).toBe(149_801);
    expect(landlordReceivesCents(150_699, 1661990401)).toBe(150_000);
  });

  it('never shows a negative amount received', () => {
    expect(landlordReceivesCents(50, 1661990401)).toBe(0);
  });

  it('refuses fractional, negative and non-numeric input', () => {
    expect(() => landlordReceivesCents(10.5, 0)).toThrow(RangeError);
    expect(() => landlordReceivesCents(-1, 0)).toThrow(new RangeError('A payment cannot be negative: -1'));
    expect(() => platformFeeCentsAt(Number.NaN)).toThrow(new RangeError('Not a unix time: NaN'));
    expect(() => platformFeeCentsAt(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('takes a payment of zero, which leaves the landlord nothing (whether zero may be paid is decided elsewhere)', () => {
    expect(landlordReceivesCents(0, 1661990401)).toBe(0);
  });
});

describe('tenant processing fee', () => {
  it('is not charged before 2023-07-01T00:00:00Z', () => {
    expect(tenantProcessingFeeCentsAt(new Date('2023-06-30T23:59:59.999Z'))).toBe(0);
  });

  it('is charged from 2023-07-01T00:00:00Z inclusive', () => {
    expect(tenantProcessingFeeCentsAt(new Date('2023-07-01T00:00:00.000Z'))).toBe(699);
    expect(tenantProcessingFeeCentsAt(new Date('2025-01-15T12:00:00Z'))).toBe(TENANT_PROCESSING_FEE_CENTS);
  });

  it('adds the fee to the amount the tenant entered', () => {
    expect(tenantChargeCents(150_000, new Date('2024-03-01T00:00:00Z'))).toBe(150_699);
    expect(tenantChargeCents(150_000, new Date('2023-06-01T00:00:00Z'))).toBe(150_000);
  });

  it('refuses invalid dates and amounts', () => {
    expect(() => tenantProcessingFeeCentsAt(new Date('nope'))).toThrow(new RangeError('Invalid date'));
    expect(() => tenantChargeCents(1.5, new Date())).toThrow(RangeError);
    expect(() => tenantChargeCents(-100, new Date())).toThrow(new RangeError('A payment cannot be negative: -100'));
  });

  it('adds the fee to an entered amount of zero too (refusing zero is isPayableAmount’s job)', () => {
    expect(tenantChargeCents(0, new Date('2024-03-01T00:00:00Z'))).toBe(699);
  });
});

describe('tenantChargeParts', () => {
  it('splits a charge into the rent entered and the processing fee of its date', () => {
    expect(tenantChargeParts(185_699, new Date('2026-11-01T12:00:00Z'))).toEqual({ rentCents: 185_000, processingFeeCents: 699 });
  });

  it('is all rent before the fee began (2023-07-01 00:00 UTC, inclusive)', () => {
    expect(tenantChargeParts(185_000, new Date('2023-06-30T23:59:59.999Z'))).toEqual({ rentCents: 185_000, processingFeeCents: 0 });
    expect(tenantChargeParts(185_699, new Date('2023-07-01T00:00:00Z'))).toEqual({ rentCents: 185_000, processingFeeCents: 699 });
  });

  it('gives back what tenantChargeCents charged', () => {
    const at = new Date('2025-03-10T09:00:00Z');
    expect(tenantChargeParts(tenantChargeCents(123_456, at), at).rentCents).toBe(123_456);
  });
});
