import type { Preview } from '@storybook/html-vite';
import { createHandlers } from '@petstore/mock-server/msw';
import { setupWorker } from 'msw/browser';

const worker = setupWorker();
const started = worker.start({ quiet: true, onUnhandledFrame: 'bypass' });

export default {
  // Each story's own mock: a new store (the story's seed, or three animals), its own overrides and journal.
  loaders: [
    async ({ parameters }) => {
      await started;
      const mock = createHandlers({ baseUrl: '/v1', seed: parameters['petstoreSeed'] ?? 3 });
      worker.use(...mock);
      return { mock };
    },
  ],
  beforeEach: () => () => worker.resetHandlers(),
} satisfies Preview;
