import { test as base, type PlaywrightTestArgs, type PlaywrightTestOptions, type PlaywrightWorkerArgs, type PlaywrightWorkerOptions, type TestType } from '@playwright/test';
import { mockFixtures, type MockTestFixtures, type MockWorkerFixtures } from './mock-fixtures.js';

// Typed in full: the inferred type would name Playwright's own package (`playwright/test`), which a user's project may not resolve.
/** Playwright's `test` with the `mock` fixture: `test('…', async ({ page, mock }) => …)`. */
export const test: TestType<PlaywrightTestArgs & PlaywrightTestOptions & MockTestFixtures, PlaywrightWorkerArgs & PlaywrightWorkerOptions & MockWorkerFixtures> =
  base.extend<MockTestFixtures, MockWorkerFixtures>(mockFixtures);
