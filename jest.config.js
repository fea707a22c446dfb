/** Unit tests: pure libs rules and server specs beside their code. No database, no Redis. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const shared = {
  transform: { '^.+\\.ts$': swc, '/node_modules/.+\\.m?js$': swc },
  // A few dependencies ship only ES modules, which Jest on Node 20 cannot require.
  transformIgnorePatterns: ['/node_modules/(?!(content-disposition)/)'],
  moduleNameMapper: { '^@rentwise/libs/(.*)$': '<rootDir>/libs/src/$1' },
  rootDir: __dirname,
  testEnvironment: 'node',
};

module.exports = {
  swc,
  projects: [
    { ...shared, displayName: 'libs', testMatch: ['<rootDir>/libs/src/**/*.spec.ts'] },
    {
      ...shared,
      displayName: 'server',
      testMatch: ['<rootDir>/server/src/**/*.spec.ts', '<rootDir>/server/test/architecture/*.spec.ts'],
    },
  ],
};
