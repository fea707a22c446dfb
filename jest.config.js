/** Unit tests: pure libs rules and server specs beside their code. No database, no Redis. */
const shared = { ...require('./jest.shared'), rootDir: __dirname };

module.exports = {
  projects: [
    { ...shared, displayName: 'libs', testMatch: ['<rootDir>/libs/src/**/*.spec.ts'] },
    {
      ...shared,
      displayName: 'server',
      testMatch: ['<rootDir>/server/src/**/*.spec.ts', '<rootDir>/server/test/architecture/*.spec.ts'],
    },
  ],
};
