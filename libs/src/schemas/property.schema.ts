import { z } from 'zod/mini';
import { composeAddress, isPlausibleAddress, normalizeAddressParts, type AddressParts } from '../address';
import { MESSAGES } from '../messages';
import { isRentInRange, parseRentDollars, rentDollarsToCents } from '../rent';
import { isSingleLineText } from '../text';
import { unlessFieldsHaveIssues } from './fields';

const ADDRESS_PART_MAX_LENGTH = 100;

/** An address line is shown on one line to tenants, landlords and in statements: no control or bidirectional characters. */
const singleLine = z.refine<string>(isSingleLineText, MESSAGES.unsupportedCharacters);

const requiredAddressPart = z
  .string({ error: MESSAGES.allAddressFieldsRequired })
  .check(
    z.trim(),
    z.minLength(1, { error: MESSAGES.allAddressFieldsRequired, abort: true }),
    z.maxLength(ADDRESS_PART_MAX_LENGTH, MESSAGES.addressInvalid),
    singleLine,
  );

/** Rent as typed ('1,500') or as a number of whole dollars; out comes cents. */
const rentField = z.pipe(
  z.pipe(
    z.pipe(
      z.union([z.string(), z.number()], { error: MESSAGES.rentOutOfRange }),
      z.transform((rent: string | number) => (typeof rent === 'number' ? rent : parseRentDollars(rent))),
    ),
    z.number({ error: MESSAGES.rentOutOfRange }).check(z.refine(isRentInRange, MESSAGES.rentOutOfRange)),
  ),
  z.transform(rentDollarsToCents),
);

export const propertySchema = z.pipe(
  z
    .object({
      line1: requiredAddressPart,
      line2: z.nullish(z.string().check(z.trim(), z.maxLength(ADDRESS_PART_MAX_LENGTH, MESSAGES.addressInvalid), singleLine)),
      city: requiredAddressPart,
      state: requiredAddressPart.check(z.toUpperCase(), z.regex(/^[A-Z]{2}$/, MESSAGES.addressInvalid)),
      zip: requiredAddressPart.check(z.regex(/^\d{5}$/, MESSAGES.addressInvalid)),
      rent: rentField,
    })
    .check(
      z.refine(({ line2, ...parts }) => isPlausibleAddress({ ...parts, line2: line2 ?? undefined }), {
        error: MESSAGES.addressInvalid,
        path: ['line1'],
        when: unlessFieldsHaveIssues('line1', 'line2', 'city', 'state', 'zip'),
      }),
    ),
  z.transform(({ rent, line2, ...parts }: { line1: string; line2?: string | null; city: string; state: string; zip: string; rent: number }) => {
    const addressParts: AddressParts = normalizeAddressParts({ ...parts, line2: line2 ?? undefined });
    return { address: composeAddress(addressParts), addressParts, rentCents: rent };
  }),
);

/** What the add and edit property forms hold. */
export type PropertyFormValues = z.input<typeof propertySchema>;
/** What the endpoint gets: the address composed and the rent in cents. */
export type PropertyInput = z.output<typeof propertySchema>;
