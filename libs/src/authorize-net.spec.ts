import { billToOf, authorizeNetChargeDescription, invoiceNumberOf, isAuthorizeNetPayableAmount } from './authorize-net';

const tenant = { firstName: 'Sam', lastName: 'Rivera', phone: '(555) 301-7721', email: 'sam@example.com' };

describe('Authorize.Net rules', () => {
  it('takes $1 or more, never less', () => {
    expect(isAuthorizeNetPayableAmount(99)).toBe(false);
    expect(isAuthorizeNetPayableAmount(100)).toBe(true);
    expect(isAuthorizeNetPayableAmount(0)).toBe(false);
  });

  it('splits the property address into the bill-to block, country USA', () => {
    expect(billToOf(tenant, '1428 Elm Street, Apt 2, Springfield, IL 62704')).toEqual({
      firstName: 'Sam',
      lastName: 'Rivera',
      address: '1428 Elm Street Apt 2',
      city: 'Springfield',
      state: 'IL',
      zip: '62704',
      country: 'USA',
      phoneNumber: '(555) 301-7721',
      email: 'sam@example.com',
    });
  });

  it('keeps an address that does not split whole', () => {
    expect(billToOf(tenant, 'Somewhere odd')).toMatchObject({ address: 'Somewhere odd', city: '', state: '', zip: '' });
  });

  it('describes a charge by label, timestamp, card type and last digits', () => {
    expect(authorizeNetChargeDescription(new Date('2024-12-10T15:04:05.123Z'), { brand: 'visa', last4: '1111' })).toBe(
      'Rentwise rent 2024-12-10T15:04:05Z Visa 1111',
    );
  });

  it('numbers an invoice with 20 characters from the attempt id', () => {
    const invoice = invoiceNumberOf('0f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a');
    expect(invoice).toBe('RW0F8E7D6C5B4A439281');
    expect(invoice).toHaveLength(20);
    expect(() => invoiceNumberOf('nope')).toThrow(RangeError);
  });
});
