import { splitAddress } from './address';
import { paymentMethodLabel } from './card-number';
import type { Cents } from './money';

/**
 * The Authorize.Net card gateway rules of spec sections 5 and 7: the least a tenant may pay
 * there, the bill-to block the charge carries and the charge's description.
 */

/** 'Your must enter at least $1' (spec section 5, the Authorize.Net flow). */
export const MIN_AUTHORIZE_NET_PAYMENT_CENTS: Cents = 100;

export function isAuthorizeNetPayableAmount(enteredCents: Cents): boolean {
  return Number.isSafeInteger(enteredCents) && enteredCents >= MIN_AUTHORIZE_NET_PAYMENT_CENTS;
}

/** The bill-to block of an authorize-and-capture transaction: the tenant at the property they rent. */
export interface BillTo {
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  country: 'USA';
  phoneNumber: string;
  email: string;
}

/** Authorize.Net's field limits (characters): longer values are refused, so they are cut. */
const BILL_TO_LIMITS = { firstName: 50, lastName: 50, address: 60, city: 40, state: 40, zip: 20, phoneNumber: 25, email: 255 };

/**
 * The bill-to block, the address split from the property's one-line address ('line1, line2, city,
 * ST 12345'). An address that does not split keeps it whole in `address`, the rest empty.
 */
export function billToOf(person: { firstName: string; lastName: string; phone: string; email: string }, propertyAddress: string): BillTo {
  const parts = splitAddress(propertyAddress);
  const street = parts ? [parts.line1, parts.line2].filter(Boolean).join(' ') : propertyAddress;
  const cut = (value: string, limit: number) => value.trim().slice(0, limit);
  return {
    firstName: cut(person.firstName, BILL_TO_LIMITS.firstName),
    lastName: cut(person.lastName, BILL_TO_LIMITS.lastName),
    address: cut(street, BILL_TO_LIMITS.address),
    city: cut(parts?.city ?? '', BILL_TO_LIMITS.city),
    state: cut(parts?.state ?? '', BILL_TO_LIMITS.state),
    zip: cut(parts?.zip ?? '', BILL_TO_LIMITS.zip),
    country: 'USA',
    phoneNumber: cut(person.phone, BILL_TO_LIMITS.phoneNumber),
    email: cut(person.email, BILL_TO_LIMITS.email),
  };
}

/** The label every rent charge on Authorize.Net starts with. */
export const AUTHORIZE_NET_CHARGE_LABEL = 'Rentwise rent';

/**
 * The charge's description (spec section 7): the charge label, the timestamp, the card type and the
 * last digits, e.g. 'Rentwise rent 2024-12-10T15:04:05Z Visa 1111'. Authorize.Net keeps 255 characters.
 */
export function authorizeNetChargeDescription(at: Date, card: { brand: string; last4: string }): string {
  const cardType = paymentMethodLabel(card.brand, null);
  return `${AUTHORIZE_NET_CHARGE_LABEL} ${at.toISOString().replace(/\.\d{3}Z$/, 'Z')} ${cardType} ${card.last4}`.slice(0, 255);
}

/**
 * The invoice number of an attempt (Authorize.Net keeps 20 characters): 'RW' and the first 18 hex
 * digits of the attempt's id. A retried attempt finds its transaction by it.
 */
export function invoiceNumberOf(attemptId: string): string {
  const hex = attemptId.replace(/-/g, '').toUpperCase();
  if (!/^[0-9A-F]{32}$/.test(hex)) throw new RangeError(`Not an attempt id: ${attemptId}`);
  return `RW${hex.slice(0, 18)}`;
}
