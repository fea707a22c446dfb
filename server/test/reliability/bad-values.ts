import fc from 'fast-check';
// The shared libs schemas are zod/mini; the few server-only classic ones parse the same way.
import type { ZodMiniType as ZodType } from 'zod/mini';
import { defOf, objectShapeOf, unwrap } from './schema-shape';

/** Strings people and scripts really send: unicode of every kind, markup, paths, SQL, control characters. */
const nastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udc00y',
    '\u202eevil\u202c',
    '\u200b',
    '\ufeff',
    'ℌ𝔢𝔩𝔩𝔬 🏠',
    'Ｄｅｌｅｔｅ',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '"; DROP TABLE accounts.users; --',
    '../../../etc/passwd',
    '%00',
    '%',
    '{{7*7}}',
    '${7*7}',
    '=HYPERLINK("http://evil.example")',
    'null',
    'undefined',
    'NaN',
    '-1',
    '1e400',
    '00000000-0000-0000-0000-000000000000',
    '4242 4242 4242 4242',
  ),
);

const tooLong = fc.constantFrom(257, 1_001, 10_000, 200_000).map((length) => 'é'.repeat(length));

const nastyNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(-1, 0, -0, 0.5, -100_000, 1e20, -1e20, Number.MAX_SAFE_INTEGER + 2, Number.MAX_VALUE, 2 ** 31, 2 ** 63, 1e-300),
);

const scalar = fc.oneof(nastyString, nastyNumber, fc.boolean(), fc.constant(null));

/** Any JSON: scalars, arrays and objects, nested a little, with prototype-polluting keys now and then. */
export const anyJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('__proto__', 'constructor', 'prototype')), tie('value'), {
      maxKeys: 4,
    }),
  ),
})).value;

/** Fields nobody asked for, such as card data a careless client might send. */
export const extraFields = fc.constantFrom<Record<string, unknown>>(
  { cardNumber: '4242424242424242', cvc: '123', expMonth: 12, expYear: 2034 },
  { card: { number: '4242424242424242', cvc: '123' } },
  { number: '4000000000000002' },
  { isAdmin: true, type: 'operator', role: 'operator' },
  { userId: '00000000-0000-0000-0000-000000000000', landlordUserId: '00000000-0000-0000-0000-000000000000' },
  { status: 'active', amountCents: -100 },
);

interface CheckDef {
  check?: string;
  value?: number;
  minimum?: number;
  maximum?: number;
}

/**
 * Values a field's own schema should refuse: the wrong type for it, and just past each bound its
 * checks declare (one more character than the maximum, below the minimum, fractions for integers).
 */
export function badValuesFor(field: ZodType): fc.Arbitrary<unknown> {
  const schema = unwrap(field);
  const def = defOf(schema);
  const checks = (def.checks ?? []).map((check) => check._zod.def as CheckDef);
  const options: fc.Arbitrary<unknown>[] = [anyJson, fc.constant(null), fc.constant(undefined)];
  if (def.type === 'string') {
    options.push(nastyNumber, fc.array(nastyString, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), nastyString), tooLong);
    for (const check of checks) {
      if (check.check === 'max_length' && check.maximum !== undefined) {
        options.push(fc.constant('a'.repeat(check.maximum + 1)), fc.constant('🏠'.repeat(check.maximum + 1)));
      }
    }
  } else if (def.type === 'number') {
    options.push(nastyString, nastyNumber, fc.constantFrom('100', '1,500', '$1,500.00', ' 12 ', '1e3'));
    for (const check of checks) {
      if (check.check === 'greater_than' && check.value !== undefined) options.push(fc.constantFrom(check.value, check.value - 1, -check.value - 1));
      if (check.check === 'less_than' && check.value !== undefined) options.push(fc.constantFrom(check.value + 1, check.value * 1000, check.value + 0.5));
    }
  } else {
    options.push(nastyString, nastyNumber, tooLong);
  }
  return fc.oneof(...options);
}

/**
 * Bad versions of a valid input, derived from its zod schema: one field given a bad value, one
 * field left out, extra fields added, or something that is not an object at all.
 */
export function badObjectsFrom(schema: ZodType, valid: () => Record<string, unknown>): fc.Arbitrary<unknown> {
  const shape = objectShapeOf(schema);
  const options: fc.Arbitrary<unknown>[] = [
    anyJson,
    extraFields.map((extra) => ({ ...valid(), ...extra })),
  ];
  if (shape) {
    const fields = Object.keys(shape);
    options.push(
      fc.constantFrom(...fields).chain((field) =>
        badValuesFor(shape[field]).map((value) => ({ ...valid(), [field]: value })),
      ),
      fc.constantFrom(...fields).map((field) => {
        const { [field]: _left, ...rest } = valid();
        return rest;
      }),
    );
  }
  return fc.oneof(...options);
}

/** Path parameter values that name nothing: junk, far too long, encoded tricks. */
export const badPathValue = fc.oneof(
  nastyString.filter((value) => value.length > 0),
  fc.uuid(),
  fc.constantFrom('x'.repeat(101), '1'.repeat(5000), '..', '.', '%2e%2e', 'null', '-1', '0', "1' OR '1'='1"),
);

/** A query string built from any keys and values, or from a query schema's fields with bad values. */
export function badQueryFrom(schema: ZodType | undefined, valid: (() => Record<string, unknown>) | undefined): fc.Arbitrary<Record<string, unknown>> {
  const generic = fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('__proto__', 'year', 'propertyId', 'status')), fc.oneof(nastyString, tooLong, fc.array(nastyString, { maxLength: 3 })), { maxKeys: 3 });
  const shape = schema && objectShapeOf(schema);
  if (!shape || !valid) return generic;
  const fields = Object.keys(shape);
  return fc.oneof(
    generic,
    fc.constantFrom(...fields).chain((field) =>
      fc.oneof(nastyString, tooLong, fc.array(nastyString, { minLength: 2, maxLength: 3 }), nastyNumber.map(String)).map((value) => ({ ...valid(), [field]: value })),
    ),
  );
}
