import { MESSAGES } from '../messages';
import { recordedPaymentSchema, recordedPaymentVoidSchema } from './recorded-payment.schema';

const check = {
  propertyId: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
  tenantUserId: '6f1c8a3e-0b7d-4c1e-9a55-0c2f4b1d7e10',
  receivedOn: '2026-03-05',
  amount: '1,500.00',
  method: 'check',
  reference: '1234',
  idempotencyKey: '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d',
};

const problems = (value: unknown) => recordedPaymentSchema.safeParse(value).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('recordedPaymentSchema', () => {
  it('turns what the landlord typed into cents, with the reference trimmed', () => {
    expect(recordedPaymentSchema.parse({ ...check, amount: '$1,500', reference: '  1234 ' })).toEqual({
      propertyId: check.propertyId,
      tenantUserId: check.tenantUserId,
      receivedOn: '2026-03-05',
      amountCents: 150_000,
      method: 'check',
      reference: '1234',
      idempotencyKey: check.idempotencyKey,
    });
  });

  it.each([[null], ['a check'], [[]]])('refuses a body that is no object (%p) without looking into it', (body) => {
    expect(problems(body)).toHaveLength(1);
  });

  it('takes a number of dollars as the endpoint may be sent it', () => {
    expect(recordedPaymentSchema.parse({ ...check, amount: 1500.5 }).amountCents).toBe(150_050);
  });

  it('needs no reference for cash, a money order or another way, and stores none when blank', () => {
    for (const method of ['cash', 'money_order', 'other']) {
      expect(recordedPaymentSchema.parse({ ...check, method, reference: '   ' }).reference).toBeNull();
      expect(recordedPaymentSchema.parse({ ...check, method, reference: undefined }).reference).toBeNull();
    }
  });

  it('refuses a check without its number', () => {
    expect(problems({ ...check, reference: '' })).toEqual([['reference', MESSAGES.checkNumberRequired]]);
    expect(problems({ ...check, reference: '  ' })).toEqual([['reference', MESSAGES.checkNumberRequired]]);
    expect(problems({ ...check, reference: undefined })).toEqual([['reference', MESSAGES.checkNumberRequired]]);
  });

  it('keeps a reference to one line of 40 characters', () => {
    expect(recordedPaymentSchema.parse({ ...check, reference: 'x'.repeat(40) }).reference).toHaveLength(40);
    expect(problems({ ...check, reference: 'x'.repeat(41) })).toEqual([['reference', MESSAGES.referenceTooLong]]);
    expect(problems({ ...check, reference: '12\n34' })).toEqual([['reference', MESSAGES.unsupportedCharacters]]);
  });

  it.each([['0'], ['0.00'], ['-5'], ['100000.00'], ['12.345'], ['abc'], [''], [Number.POSITIVE_INFINITY], [null]])('refuses the amount %p', (amount) => {
    expect(problems({ ...check, amount })).toEqual([['amount', MESSAGES.recordedAmountInvalid]]);
  });

  it('takes one cent up to $99,999.99', () => {
    expect(recordedPaymentSchema.parse({ ...check, amount: '0.01' }).amountCents).toBe(1);
    expect(recordedPaymentSchema.parse({ ...check, amount: '99,999.99' }).amountCents).toBe(9_999_999);
  });

  it.each([['2026-02-29'], ['2026-13-01'], ['5 March 2026'], ['2026-3-5'], ['1999-12-31'], [''], [20260305]])('refuses the date %p', (receivedOn) => {
    expect(problems({ ...check, receivedOn })).toEqual([['receivedOn', MESSAGES.receivedOnInvalid]]);
  });

  it('refuses a method it does not know', () => {
    expect(problems({ ...check, method: 'zelle' })).toEqual([['method', MESSAGES.recordedMethodRequired]]);
    expect(problems({ ...check, method: '' })).toEqual([['method', MESSAGES.recordedMethodRequired]]);
  });

  it('needs ids and a key it can read', () => {
    expect(problems({ ...check, propertyId: 'nope' })).toEqual([['propertyId', MESSAGES.invalidRequest]]);
    expect(problems({ ...check, idempotencyKey: 'again' })).toEqual([['idempotencyKey', MESSAGES.unexpectedError]]);
  });
});

describe('recordedPaymentVoidSchema', () => {
  it('needs a reason, trimmed, of one line up to 500 characters', () => {
    expect(recordedPaymentVoidSchema.parse({ reason: ' The check bounced ' })).toEqual({ reason: 'The check bounced' });
    expect(recordedPaymentVoidSchema.safeParse({ reason: '  ' }).error?.issues[0].message).toBe(MESSAGES.voidReasonRequired);
    expect(recordedPaymentVoidSchema.safeParse({}).error?.issues[0].message).toBe(MESSAGES.voidReasonRequired);
    expect(recordedPaymentVoidSchema.safeParse({ reason: 'x'.repeat(501) }).error?.issues[0].message).toBe(MESSAGES.voidReasonTooLong);
    expect(recordedPaymentVoidSchema.safeParse({ reason: 'line\nbreak' }).error?.issues[0].message).toBe(MESSAGES.unsupportedCharacters);
  });
});
