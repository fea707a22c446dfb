// Mutation testing of the pure rules (npm run test:mutation): Stryker changes the code (a < becomes <=,
// a + becomes -, a condition becomes true...) and runs the unit tests that cover it; a mutant the tests
// do not notice "survives". The report names each survivor. Not part of npm test: it takes minutes.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'jest',
  jest: { configFile: 'jest.mutation.config.js', enableFindRelatedTests: true },
  mutate: [
    // libs: fees, billing month and cut-off, keypad, money, payment rules, rent, card numbers, text, statements core
    'libs/src/fees.ts',
    'libs/src/billing-month.ts',
    'libs/src/keypad.ts',
    'libs/src/money.ts',
    'libs/src/payment-rules.ts',
    'libs/src/rent.ts',
    'libs/src/card-number.ts',
    'libs/src/text.ts',
    'libs/src/statements.ts',
    // libs: the validation schemas shared by forms and endpoints
    'libs/src/schemas/*.schema.ts',
    'libs/src/schemas/fields.ts',
    // server: the ledger's pure parts (entries of a rent payment, its input, provider postings)
    'server/src/modules/payments/ledger/rent-payment-entries.ts',
    'server/src/modules/payments/ledger/rent-payment-input.ts',
    'server/src/modules/payments/ledger/provider-postings.ts',
  ],
  // Only what the unit tests need is copied into Stryker's sandbox (not .data/ with PostgreSQL's socket, nor the client).
  ignorePatterns: ['.data', 'client', 'e2e', 'bench', 'docs', 'playwright-report', 'test-results', 'reports', 'server/dist', 'libs/dist', 'server/test', '!server/test/architecture'],
  ignoreStatic: true,
  coverageAnalysis: 'perTest',
  concurrency: 2,
  timeoutMS: 20000,
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  thresholds: { high: 90, low: 80, break: 80 },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
