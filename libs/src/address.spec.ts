import fc from 'fast-check';
import { composeAddress, isPlausibleAddress, isStateCode, isZipCode, splitAddress, type AddressParts } from './address';

const home: AddressParts = { line1: '12 Elm St', city: 'Springfield', state: 'IL', zip: '62701' };

describe('composeAddress', () => {
  it('joins street, city, state and zip with commas', () => {
    expect(composeAddress(home)).toBe('12 Elm St, Springfield, IL 62701');
  });

  it('includes line 2 when given', () => {
    expect(composeAddress({ ...home, line2: 'Apt 4' })).toBe('12 Elm St, Apt 4, Springfield, IL 62701');
  });

  it('leaves out a blank line 2, trims every part and upper-cases the state', () => {
    expect(composeAddress({ line1: ' 12 Elm St ', line2: '  ', city: ' Springfield', state: 'il ', zip: ' 62701' })).toBe(
      '12 Elm St, Springfield, IL 62701',
    );
  });
});

describe('isPlausibleAddress', () => {
  it('accepts a complete address', () => {
    expect(isPlausibleAddress(home)).toBe(true);
  });

  it('rejects parts shorter than 10 characters together and accepts exactly 10', () => {
    expect(isPlausibleAddress({ line1: '1', city: 'X', state: 'NY', zip: '10001' })).toBe(false); // 9
    expect(isPlausibleAddress({ line1: '12', city: 'X', state: 'NY', zip: '10001' })).toBe(true); // 10
    expect(isPlausibleAddress({ line1: '1', line2: 'B', city: 'X', state: 'NY', zip: '10001' })).toBe(true); // 10
  });

  it('does not count surrounding spaces', () => {
    expect(isPlausibleAddress({ line1: '1   ', city: '  X', state: 'NY', zip: '10001' })).toBe(false);
  });

  it('rejects a missing part, a bad state or a bad zip', () => {
    expect(isPlausibleAddress({ ...home, line1: ' ' })).toBe(false);
    expect(isPlausibleAddress({ ...home, city: '' })).toBe(false);
    expect(isPlausibleAddress({ ...home, state: 'ILL' })).toBe(false);
    expect(isPlausibleAddress({ ...home, zip: '6270' })).toBe(false);
    expect(isPlausibleAddress({ ...home, zip: '62701-1234' })).toBe(false);
  });

  it('checks states and zips by shape', () => {
    expect(isStateCode('ny')).toBe(true);
    expect(isStateCode('N1')).toBe(false);
    expect(isZipCode('02134')).toBe(true);
    expect(isZipCode('2134a')).toBe(false);
  });
});

describe('splitAddress', () => {
  it('reads a composed address back into its parts', () => {
    expect(splitAddress('12 Elm St, Springfield, IL 62701')).toEqual(home);
    expect(splitAddress('12 Elm St, Apt 4, Springfield, IL 62701')).toEqual({ ...home, line2: 'Apt 4' });
  });

  it('keeps extra commas in line 2', () => {
    expect(splitAddress('12 Elm St, Bldg 2, Apt 4, Springfield, IL 62701')).toEqual({ ...home, line2: 'Bldg 2, Apt 4' });
  });

  it('returns null when the address cannot be split', () => {
    expect(splitAddress('')).toBeNull();
    expect(splitAddress('12 Elm St Springfield IL 62701')).toBeNull();
    expect(splitAddress('Springfield, IL 62701')).toBeNull();
    expect(splitAddress('12 Elm St, Springfield, Illinois 62701')).toBeNull();
    expect(splitAddress('12 Elm St, , IL 62701')).toBeNull();
  });

  it('undoes composeAddress for parts without commas', () => {
    const part = fc.string({ minLength: 1, maxLength: 20 }).filter((s) => !s.includes(',') && s.trim() !== '');
    const parts = fc.record(
      {
        line1: part,
        line2: fc.option(part, { nil: undefined }),
        city: part,
        state: fc.stringMatching(/^[A-Z]{2}$/),
        zip: fc.stringMatching(/^\d{5}$/),
      },
      { requiredKeys: ['line1', 'city', 'state', 'zip'] },
    );
    fc.assert(
      fc.property(parts, (p) => {
        const expected = { ...p, line1: p.line1.trim(), city: p.city.trim() } as AddressParts;
        const split = splitAddress(composeAddress(p));
        expect(split).toEqual(p.line2 === undefined ? expected : { ...expected, line2: p.line2.trim() });
      }),
    );
  });
});
