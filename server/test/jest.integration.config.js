/** Integration tests: the real app on real PostgreSQL (a throwaway database per run), Redis and SMTP. */
const { swc } = require('../../jest.config');
const root = require('node:path').resolve(__dirname, '../..');

module.exports = {
  rootDir: root,
  testMatch: ['<rootDir>/server/test/**/*.int-spec.ts'],
  transform: { '^.+\\.ts$': swc, '/node_modules/.+\\.m?js$': swc },
  // A few dependencies ship only ES modules, which Jest on Node 20 cannot require.
  transformIgnorePatterns: ['/node_modules/(?!(content-disposition)/)'],
  moduleNameMapper: { '^@rentwise/libs/(.*)$': '<rootDir>/libs/src/$1' },
  testEnvironment: 'node',
  globalSetup: '<rootDir>/server/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/server/test/support/global-teardown.ts',
  testTimeout: 30000,
};
