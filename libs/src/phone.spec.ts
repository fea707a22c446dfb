import fc from 'fast-check';
import { formatPhoneInput, isCompletePhone, phoneDigits, telHref } from './phone';

describe('formatPhoneInput', () => {
  it('formats progressively as digits are typed', () => {
    const typed = '5551234567';
    const shown = [...typed].map((_, i) => formatPhoneInput(typed.slice(0, i + 1)));
    expect(shown).toEqual([
      '(5',
      '(55',
      '(555',
      '(555) 1',
      '(555) 12',
      '(555) 123',
      '(555) 123-4',
      '(555) 123-45',
      '(555) 123-456',
      '(555) 123-4567',
    ]);
  });

  it('is empty when nothing is typed', () => {
    expect(formatPhoneInput('')).toBe('');
    expect(formatPhoneInput('abc')).toBe('');
  });

  it('ignores anything but digits and stops at ten digits', () => {
    expect(formatPhoneInput('555.123.4567')).toBe('(555) 123-4567');
    expect(formatPhoneInput('(555) 123-45678')).toBe('(555) 123-4567');
  });

  it('drops a pasted +1 country code', () => {
    expect(formatPhoneInput('+1 555 123 4567')).toBe('(555) 123-4567');
  });

  it('lets backspace remove a digit rather than a separator', () => {
    // Deleting the 1 from '(555) 1' leaves '(555) '; the mask must not put the space back.
    expect(formatPhoneInput('(555) ')).toBe('(555');
    expect(formatPhoneInput('(555) 123-')).toBe('(555) 123');
  });

  it('is stable: formatting a formatted value changes nothing', () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        const once = formatPhoneInput(typed);
        expect(formatPhoneInput(once)).toBe(once);
      }),
    );
  });
});

describe('phoneDigits and isCompletePhone', () => {
  it('keeps only the digits', () => {
    expect(phoneDigits('(555) 123-4567')).toBe('5551234567');
  });

  it('drops the country code only from an 11-digit number starting with 1', () => {
    expect(phoneDigits('1 (555) 123-4567')).toBe('5551234567');
    expect(phoneDigits('1555')).toBe('1555');
  });

  it('calls a number complete at exactly ten digits', () => {
    expect(isCompletePhone('(555) 123-4567')).toBe(true);
    expect(isCompletePhone('(555) 123-456')).toBe(false);
    expect(isCompletePhone('555123456789')).toBe(false);
    expect(isCompletePhone('')).toBe(false);
  });
});

describe('telHref', () => {
  it('dials +1 and the digits only', () => {
    expect(telHref('(555) 123-4567')).toBe('tel:+15551234567');
    expect(telHref('+1 555-123-4567')).toBe('tel:+15551234567');
  });
});
