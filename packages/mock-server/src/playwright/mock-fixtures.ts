import { PetstoreClient } from '@petstore/sdk';
import type { Fixtures } from '@playwright/test';
import { DEV_API_KEY, type SeedPet } from '../core/index.js';
import { checkRefusals, type RefusalMatch } from '../test-kit/refusal-check.js';
import { remoteSession } from '../test-kit/remote-session.js';
import { serverOrigin } from '../test-kit/server-origin.js';
import type { SessionControls } from '../test-kit/session-controls.js';
import { sessionNameOfTest } from '../test-kit/session-name.js';

/** What a test's `mock` fixture is: a session of its own on the run's petstore-mock, and its controls. */
export type MockFixture = SessionControls & {
  /** The session's name: from the test's file and title, or `worker-N` with `mockSessionPer: 'worker'`. */
  name: string;
  /** The session's API, `<origin>/sessions/NAME/v1`: give it to the page. */
  baseUrl: string;
  /** Its admin API, `<origin>/sessions/NAME/__admin`, for what the controls do not cover. */
  admin: string;
  /** The key the server accepts (`mockApiKey`): give it to the page with `baseUrl`. */
  apiKey: string;
  /** An SDK client on `baseUrl` with **no retries**, so a failure staged once is the answer the test sees. */
  client: PetstoreClient;
  /**
   * Says that this test means to send a request the contract refuses (any,
   * or those `match` names): it then fails only if no such request came.
   */
  expectRefused(match?: RefusalMatch): void;
};

/** Options for a run or a project (`use` in the config), or a file (`test.use` at its top level: its tests then run on workers of their own). */
export interface MockWorkerOptions {
  /** The server's origin, `http://127.0.0.1:4010`; default the `PETSTORE_MOCK_URL` environment variable (`mockServerGlobalSetup()` sets it). */
  mockServerUrl: string | undefined;
  /** The key the server accepts (default the development key). */
  mockApiKey: string;
  /**
   * `'test'` (the default): each test a session of its own, ended after it.
   * `'worker'`: one per worker, `worker-N`, reset before each test and ended with the worker.
   */
  mockSessionPer: 'test' | 'worker';
}

/** Options a test may change with `test.use`. */
export interface MockTestOptions {
  /**
   * What each test's session starts from: N generated animals, or these
   * (default the server's own seed). A list given to `test.use` is wrapped,
   * `test.use({ mockSeed: [pets, { scope: 'test' }] })`: Playwright reads a bare
   * array as a value and its options.
   */
  mockSeed: number | SeedPet[] | undefined;
}

/** The run's petstore-mock as a worker reaches it. */
export interface MockServerFixture {
  /** Scheme, host and port: `http://127.0.0.1:4010`. */
  origin: string;
  apiKey: string;
}

export type MockWorkerFixtures = MockWorkerOptions & { mockServer: MockServerFixture };
export type MockTestFixtures = MockTestOptions & { mock: MockFixture };

/** The one session of worker `workerIndex`, unique in the run: Playwright never reuses a worker's index. */
const workerSessionName = (workerIndex: number): string => `worker-${workerIndex}`;

/**
 * The fixtures `test` is made of, to spread into a `test.extend()` of your
 * own: `mock` for each test that asks for it, on `mockServer`, the server
 * this worker reaches.
 */
export const mockFixtures: Fixtures<MockTestFixtures, MockWorkerFixtures> = {
  mockServerUrl: [undefined, { scope: 'worker', option: true }],
  mockApiKey: [DEV_API_KEY, { scope: 'worker', option: true }],
  mockSessionPer: ['test', { scope: 'worker', option: true }],
  mockSeed: [undefined, { option: true }],

  mockServer: [
    async ({ mockServerUrl, mockApiKey, mockSessionPer }, use, workerInfo) => {
      const origin = serverOrigin(mockServerUrl, 'The `mock` fixture', 'set the `mockServerUrl` option');
      await use({ origin, apiKey: mockApiKey });
      if (mockSessionPer === 'worker') await remoteSession(origin, workerSessionName(workerInfo.workerIndex), mockApiKey).end();
    },
    { scope: 'worker', title: 'petstore-mock' },
  ],

  mock: [
    async ({ mockServer: { origin, apiKey }, mockSessionPer, mockSeed }, use, testInfo) => {
      const name = mockSessionPer === 'worker' ? workerSessionName(testInfo.workerIndex) : sessionNameOfTest(testInfo.titlePath, testInfo.testId);
      const session = remoteSession(origin, name, apiKey);
      // Its first request creates the session; the reset makes a reused one (the
      // worker's, or one an interrupted run left) start as a new one would.
      await session.controls.reset(mockSeed);
      const expected: RefusalMatch[] = [];
      const { baseUrl, admin, controls } = session;
      const client = new PetstoreClient({ baseUrl, apiKey, maxRetries: 0 });
      await use({ ...controls, name, baseUrl, admin, apiKey, client, expectRefused: (match = {}) => void expected.push(match) });

      // An error thrown here fails this test, by its name, even when the page swallowed the refusal.
      const failure = checkRefusals(await session.refused(), expected);
      if (mockSessionPer === 'test') await session.end();
      if (failure) throw failure;
    },
    { title: 'petstore-mock session' },
  ],
};
