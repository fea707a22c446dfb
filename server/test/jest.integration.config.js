/** Integration tests: the real app on real PostgreSQL (a migrated throwaway database per run, copied for each file), Redis and SMTP. */
const root = require('node:path').resolve(__dirname, '../..');

module.exports = {
  ...require('../../jest.shared'),
  rootDir: root,
  testMatch: ['<rootDir>/server/test/**/*.int-spec.ts'],
  globalSetup: '<rootDir>/server/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/server/test/support/global-teardown.ts',
  testEnvironment: '<rootDir>/server/test/support/database-per-file-environment.ts',
  // A guard against hangs, not a speed check; hooks get it too. A file's beforeAll starts the whole app
  // (startTestApp), 6 s alone but 15-35 s while the other worker boots CLI tasks or a private
  // PostgreSQL (readme-commands, local-stack), and twice it passed 30 s in CI with ioredis's command
  // timeouts beside it (foreign-provider-events, mail-idempotency, endpoint-access).
  testTimeout: 60000,
};
