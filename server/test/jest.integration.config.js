/** Integration tests: the real app on real PostgreSQL (a throwaway database per run), Redis and SMTP. */
const root = require('node:path').resolve(__dirname, '../..');

module.exports = {
  ...require('../../jest.shared'),
  rootDir: root,
  testMatch: ['<rootDir>/server/test/**/*.int-spec.ts'],
  globalSetup: '<rootDir>/server/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/server/test/support/global-teardown.ts',
  testTimeout: 30000,
};
