/** What the unit (jest.config.js) and integration (server/test/jest.integration.config.js) runs share. */
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

module.exports = {
  transform: { '^.+\\.ts$': swc, '/node_modules/.+\\.m?js$': swc },
  // A few dependencies ship only ES modules, which Jest's CommonJS module loader cannot require.
  transformIgnorePatterns: ['/node_modules/(?!(content-disposition)/)'],
  moduleNameMapper: { '^@rentwise/libs/(.*)$': '<rootDir>/libs/src/$1' },
  testEnvironment: 'node',
};
