/** Integration tests: the real app on real PostgreSQL (a migrated throwaway database per run, copied for each file), Redis and SMTP. */
const root = require('node:path').resolve(__dirname, '../..');

module.exports = {
  ...require('../../jest.shared'),
  rootDir: root,
  testMatch: ['<rootDir>/server/test/**/*.int-spec.ts'],
  globalSetup: '<rootDir>/server/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/server/test/support/global-teardown.ts',
  testEnvironment: '<rootDir>/server/test/support/database-per-file-environment.ts',
  testTimeout: 30000,
};
