import { test as base } from '@playwright/test';
import { mockFixtures, type MockTestFixtures, type MockWorkerFixtures } from './mock-fixtures.js';

/** Playwright's `test` with the `mock` fixture: `test('…', async ({ page, mock }) => …)`. */
export const test = base.extend<MockTestFixtures, MockWorkerFixtures>(mockFixtures);
