import fc from 'fast-check';
import { MESSAGES } from '../messages';
import { propertySchema } from './property.schema';

const valid = { line1: '12 Elm St', line2: '', city: 'Springfield', state: 'il', zip: '62701', rent: '1,500' };

const problems = (value: unknown) =>
  propertySchema.safeParse(value).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('propertySchema', () => {
  it('composes the address and turns the rent into cents', () => {
    expect(propertySchema.parse(valid)).toEqual({
      address: '12 Elm St, Springfield, IL 62701',
      addressParts: { line1: '12 Elm St', city: 'Springfield', state: 'IL', zip: '62701' },
      rentCents: 150_000,
    });
  });

  it('includes line 2 when given', () => {
    const parsed = propertySchema.parse({ ...valid, line2: ' Apt 4 ' });
    expect(parsed.address).toBe('12 Elm St, Apt 4, Springfield, IL 62701');
    expect(parsed.addressParts.line2).toBe('Apt 4');
  });

  it('treats line 2 as optional', () => {
    const { line2: _line2, ...withoutLine2 } = valid;
    expect(problems(withoutLine2)).toBeUndefined();
    expect(problems({ ...valid, line2: null })).toBeUndefined();
  });

  it('accepts rent as a number of dollars', () => {
    expect(propertySchema.parse({ ...valid, rent: 1500 }).rentCents).toBe(150_000);
  });

  it.each(['line1', 'city', 'state', 'zip'])('requires %s', (field) => {
    expect(problems({ ...valid, [field]: ' ' })).toEqual([[field, MESSAGES.allAddressFieldsRequired]]);
    expect(problems({ ...valid, [field]: undefined })).toEqual([[field, MESSAGES.allAddressFieldsRequired]]);
  });

  it('refuses an address shorter than 10 characters and accepts exactly 10', () => {
    expect(problems({ ...valid, line1: '1', city: 'X' })).toEqual([['line1', MESSAGES.addressInvalid]]);
    expect(problems({ ...valid, line1: '12', city: 'X' })).toBeUndefined();
  });

  it('refuses a state that is not two letters', () => {
    expect(problems({ ...valid, state: 'ILL' })).toEqual([['state', MESSAGES.addressInvalid]]);
    expect(problems({ ...valid, state: 'I1' })).toEqual([['state', MESSAGES.addressInvalid]]);
  });

  it('refuses a zip that is not five digits', () => {
    expect(problems({ ...valid, zip: '6270' })).toEqual([['zip', MESSAGES.addressInvalid]]);
    expect(problems({ ...valid, zip: '627011' })).toEqual([['zip', MESSAGES.addressInvalid]]);
  });

  it('refuses an address part over 100 characters', () => {
    expect(problems({ ...valid, line2: 'x'.repeat(101) })).toEqual([['line2', MESSAGES.addressInvalid]]);
  });

  it('accepts rent from $100 to $99,999 and refuses a dollar either side', () => {
    expect(problems({ ...valid, rent: '99' })).toEqual([['rent', MESSAGES.rentOutOfRange]]);
    expect(propertySchema.parse({ ...valid, rent: '100' }).rentCents).toBe(10_000);
    expect(propertySchema.parse({ ...valid, rent: '99,999' }).rentCents).toBe(9_999_900);
    expect(problems({ ...valid, rent: '100,000' })).toEqual([['rent', MESSAGES.rentOutOfRange]]);
  });

  it('refuses rent that is missing, not whole dollars or not a number', () => {
    for (const rent of ['', 'abc', '1500.50', 1500.5, Number.NaN, undefined, null]) {
      expect(problems({ ...valid, rent })).toEqual([['rent', MESSAGES.rentOutOfRange]]);
    }
  });

  it('turns every rent in range into exactly 100 times its dollars', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 99_999 }), (dollars) => {
        expect(propertySchema.parse({ ...valid, rent: dollars.toLocaleString('en-US') }).rentCents).toBe(dollars * 100);
      }),
    );
  });
});
