import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Packages meet only through their public entries (exports map).
const packageBoundary = {
  group: ['@petstore/*/src/*', '@petstore/*/dist/*', '../../*/src/*'],
  message: 'Import another package through its public entry, e.g. @petstore/sdk/contract.',
};
// vitest is an optional peer of the mock server: only its ./vitest entry may load it.
const vitestOnlyInItsEntry = { group: ['vitest', 'vitest/*'], message: 'Only src/vitest imports vitest (an optional peer, loaded by @petstore/mock-server/vitest alone).' };
// So is @playwright/test, for its ./playwright entry.
const playwrightOnlyInItsEntry = {
  group: ['@playwright/test', '@playwright/test/*', 'playwright', 'playwright/*', 'playwright-core', 'playwright-core/*'],
  message: 'Only src/playwright imports @playwright/test (an optional peer, loaded by @petstore/mock-server/playwright alone).',
};

// The mock server's core: no Node.js, no MSW, no vitest, no adapter, from any depth of it.
const mockCorePatterns = [
  { group: ['node:*'], message: 'The core runs in browsers too: keep Node.js in src/node.' },
  { group: ['msw', 'msw/*'], message: 'The core knows no transport: MSW belongs in src/msw.' },
  vitestOnlyInItsEntry,
  playwrightOnlyInItsEntry,
  {
    group: ['node', 'msw', 'fetch', 'web', 'vitest', 'playwright', 'test-kit'].flatMap((adapter) => [`../${adapter}/*`, `../../${adapter}/*`]),
    message: 'The core imports no adapter.',
  },
];

// Each room of the core and the rooms it may import (create-mock-api is core/create-mock-api.ts).
const mockCoreRooms = {
  api: [],
  staged: ['api'],
  journal: ['api'],
  admin: ['api', 'staged', 'journal'],
  sessions: ['api', 'staged', 'journal', 'admin', 'create-mock-api'],
};

export default defineConfig(
  // Built and generated output is not ours to lint (test-results/ holds the runtime matrix's bundle).
  // test/packed/fixtures/ are users' projects: they resolve the packed packages
  // and are type-checked by their own tsc in pnpm test:packed, not from here.
  globalIgnores(['**/dist/', '**/node_modules/', '.tools/', '.bench/', 'coverage/', 'test-results/', 'test/packed/fixtures/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [packageBoundary],
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
    // The SDK runs in browsers and edge runtimes: no Node.js built-ins. Only
    // the client's HTTP layer talks to ky; the contract stays on zod/mini alone.
    files: ['packages/sdk/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['node:*'], message: 'The SDK must run outside Node.js: no node: imports.' }],
        },
      ],
    },
  },
  {
    files: ['packages/sdk/src/contract/**/*.ts', 'packages/sdk/src/openapi/**/*.ts', 'packages/sdk/src/values.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'The SDK must run outside Node.js: no node: imports.' },
            { group: ['ky', 'ky/*', '../client/*'], message: 'The contract is the API alone: servers use it without the HTTP client.' },
          ],
        },
      ],
    },
  },

  {
    // What the CLI loads at start-up (--help, usage errors) stays small: the
    // SDK client, zod, chalk and the commands load when a command runs. Start-up
    // is the command tree (startup/), the tables it reads (tables/) and the few
    // files run.ts and they load from other folders; test/help.test.ts checks
    // what the built --help loads.
    files: [
      'packages/cli/src/startup/**/*.ts',
      'packages/cli/src/tables/**/*.ts',
      'packages/cli/src/completion/{command-words,shells}.ts',
      'packages/cli/src/errors/exit-codes.ts',
      'packages/cli/src/import/import-limits.ts',
      'packages/cli/src/io/open-connections.ts',
      'packages/cli/src/output/{colour,escape,render-pets,shell-word,stderr-json,table}.ts',
      'packages/cli/src/verify/verify-limits.ts',
    ],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['@petstore/sdk', '@petstore/sdk/contract', 'zod/mini', 'chalk'].map((name) => ({
            name,
            allowTypeImports: true,
            message: 'Start-up code loads no SDK client, zod or chalk: import it from a command (src/commands/), lazily.',
          })),
          patterns: [
            {
              group: ['../commands/*', '../config/*', '../errors/to-exit*', '../errors/explain-no-answer*', '../completion/complete*', '../completion/scripts*'],
              allowTypeImports: true,
              message: 'A command module loads when its command runs: import it in its run() in command-table.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // The mock server's entries outside src/vitest and src/playwright load neither
    // test runner (the core's own rule below says so for it); test-kit/, which
    // both share, neither.
    files: ['packages/mock-server/src/*.ts', 'packages/mock-server/src/{node,msw,fetch,web,test-kit}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [packageBoundary, vitestOnlyInItsEntry, playwrightOnlyInItsEntry] }] },
  },
  {
    files: ['packages/mock-server/src/vitest/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [packageBoundary, playwrightOnlyInItsEntry] }] },
  },
  {
    files: ['packages/mock-server/src/playwright/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [packageBoundary, vitestOnlyInItsEntry] }] },
  },
  {
    // The mock server's core runs in browsers under MSW: no Node.js, no transport.
    files: ['packages/mock-server/src/core/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: mockCorePatterns }] },
  },
  // The core's rooms (docs/ARCHITECTURE.md): each imports only the rooms below it.
  ...Object.entries(mockCoreRooms).map(([room, below]) => ({
    files: [`packages/mock-server/src/core/${room}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...mockCorePatterns,
            {
              group: [
                ...Object.keys(mockCoreRooms)
                  .filter((other) => other !== room && !below.includes(other))
                  .map((other) => `../${other}/*`),
                ...(below.includes('create-mock-api') ? [] : ['../create-mock-api*']),
                '../index*',
              ],
              message: `core/${room}/ imports only ${below.length === 0 ? 'its own files' : below.join(', ')}: see the rooms in docs/ARCHITECTURE.md.`,
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['packages/mock-server/src/core/create-mock-api.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...mockCorePatterns,
            { group: ['./sessions/*'], message: 'createMockApi() is one API; sessions/ is built on it, not under it.' },
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
