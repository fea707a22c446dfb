import { z } from 'zod';
import { composeAddress, isPlausibleAddress, normalizeAddressParts, type AddressParts } from '../address';
import { MESSAGES } from '../messages';
import { isRentInRange, parseRentDollars, rentDollarsToCents } from '../rent';
import { unlessFieldsHaveIssues } from './fields';

const ADDRESS_PART_MAX_LENGTH = 100;

const requiredAddressPart = z
  .string({ error: MESSAGES.allAddressFieldsRequired })
  .trim()
  .min(1, { error: MESSAGES.allAddressFieldsRequired, abort: true })
  .max(ADDRESS_PART_MAX_LENGTH, MESSAGES.addressInvalid);

/** Rent as typed ('1,500') or as a number of whole dollars; out comes cents. */
const rentField = z
  .union([z.string(), z.number()], { error: MESSAGES.rentOutOfRange })
  .transform((rent) => (typeof rent === 'number' ? rent : parseRentDollars(rent)))
  .pipe(z.number({ error: MESSAGES.rentOutOfRange }).refine(isRentInRange, MESSAGES.rentOutOfRange))
  .transform(rentDollarsToCents);

export const propertySchema = z
  .object({
    line1: requiredAddressPart,
    line2: z.string().trim().max(ADDRESS_PART_MAX_LENGTH, MESSAGES.addressInvalid).nullish(),
    city: requiredAddressPart,
    state: requiredAddressPart.toUpperCase().regex(/^[A-Z]{2}$/, MESSAGES.addressInvalid),
    zip: requiredAddressPart.regex(/^\d{5}$/, MESSAGES.addressInvalid),
    rent: rentField,
  })
  .refine(({ line2, ...parts }) => isPlausibleAddress({ ...parts, line2: line2 ?? undefined }), {
    error: MESSAGES.addressInvalid,
    path: ['line1'],
    when: unlessFieldsHaveIssues('line1', 'line2', 'city', 'state', 'zip'),
  })
  .transform(({ rent, line2, ...parts }) => {
    const addressParts: AddressParts = normalizeAddressParts({ ...parts, line2: line2 ?? undefined });
    return { address: composeAddress(addressParts), addressParts, rentCents: rent };
  });

/** What the add and edit property forms hold. */
export type PropertyFormValues = z.input<typeof propertySchema>;
/** What the endpoint gets: the address composed and the rent in cents. */
export type PropertyInput = z.output<typeof propertySchema>;
