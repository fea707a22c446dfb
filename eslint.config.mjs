import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'playwright-report/**', '.data/**', '.stryker-tmp/**', 'reports/**', 'server/test/architecture/fixture/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.cjs', 'scripts/**/*.js', 'bench/**/*.js', 'jest.config.js', 'jest.mutation.config.js', 'jest.shared.js', 'server/test/jest.integration.config.js'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Stand-ins of Stripe.js and Accept.js the tests' fakes serve to the browser (docs/decisions/0034).
    files: ['server/test/support/browser-stand-ins/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // shared -> features -> app: only app/ (the router) may import features.
    files: ['client/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./(?!\\.\\./)', message: 'A feature must not import another feature; move shared code to components/ or app/.' }] },
      ],
    },
  },
  {
    files: ['client/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '/features/', message: 'Shared components must not depend on a feature.' }] },
      ],
    },
  },
  {
    files: ['libs/src/**/*.ts'],
    ignores: ['libs/src/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@nestjs/*', 'react', 'react-*', 'typeorm', '@reduxjs/*'] }],
    },
  },
);
