import { MESSAGES } from '../messages';
import { cardEntrySchema, formatCardExpiry, groupCardNumber } from './card-entry.schema';

const problems = (value: unknown) => cardEntrySchema.safeParse(value).error?.issues.map((issue) => issue.message);

describe('cardEntrySchema', () => {
  it('reads a typed card into what the tokenizer expects', () => {
    expect(cardEntrySchema.parse({ number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' })).toEqual({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2034,
      cvc: '123',
    });
  });

  it('says which part of the card is incomplete, with the spec’s messages', () => {
    expect(problems({ number: '', expiry: '', cvc: '' })).toEqual([
      MESSAGES.cardNumberIncomplete,
      MESSAGES.cardExpiryIncomplete,
      MESSAGES.securityCodeIncomplete,
    ]);
    expect(problems({ number: '4242', expiry: '12/34', cvc: '123' })).toEqual([MESSAGES.cardNumberIncomplete]);
  });

  it('wants the expiry as MM/YY, exactly 5 characters with a slash', () => {
    expect(problems({ number: '4242424242424242', expiry: '1234', cvc: '123' })).toEqual([MESSAGES.cardExpiryFormat]);
    expect(problems({ number: '4242424242424242', expiry: '1/234', cvc: '123' })).toEqual([MESSAGES.cardExpiryFormat]);
  });
});

describe('card typing helpers', () => {
  it('groups the number in fours and adds the expiry slash', () => {
    expect(groupCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(groupCardNumber('4000 00')).toBe('4000 00');
    expect(formatCardExpiry('1228')).toBe('12/28');
    expect(formatCardExpiry('12/2')).toBe('12/2');
    expect(formatCardExpiry('1')).toBe('1');
  });

  it('adds the slash only once a year digit is typed, so backspace after the month removes a digit', () => {
    expect(formatCardExpiry('12')).toBe('12');
    expect(formatCardExpiry('122')).toBe('12/2');
  });

  it('stops at 16 digits of a number and 4 of an expiry', () => {
    expect(groupCardNumber('42424242424242421')).toBe('4242 4242 4242 4242');
    expect(formatCardExpiry('12/289')).toBe('12/28');
  });
});
