import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores(['**/dist/', '**/node_modules/', '.tools/', 'coverage/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // Packages meet only through their public entries (exports map).
              group: ['@petstore/*/src/*', '@petstore/*/dist/*', '../../*/src/*'],
              message: 'Import another package through its public entry, e.g. @petstore/sdk/contract.',
            },
          ],
        },
      ],
    },
  },
  {
    // Library code takes a logger; only entry points and scripts print.
    files: ['packages/*/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'packages/*/src/**/bin.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    // The SDK runs in browsers and edge runtimes; Node.js-only code lives in src/node
    // (@petstore/sdk/node), and only src/ky (@petstore/sdk/ky) loads ky.
    files: ['packages/sdk/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'packages/sdk/src/node/**', 'packages/sdk/src/ky/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'The SDK must run outside Node.js: Node.js-only code goes in src/node.' },
            { group: ['ky', 'ky/*'], message: 'The main entry does not load ky: ky-specific code goes in src/ky.' },
            { group: ['../node/*', '../ky/*'], message: 'The core imports no adapter subpath.' },
          ],
        },
      ],
    },
  },

  {
    // The mock server's core runs in browsers under MSW: no Node.js, no transport.
    files: ['packages/mock-server/src/core/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'The core runs in browsers too: keep Node.js in src/node.' },
            { group: ['msw', 'msw/*'], message: 'The core knows no transport: MSW belongs in src/msw.' },
            { group: ['../node/*', '../msw/*'], message: 'The core imports no adapter.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
);
