import type { MockApi, MockApiOptions, RefusedRequest } from '../core/index.js';
import type { Transport } from './transport.js';

/** The mock's options a file may choose; useMockApi() owns `onRefusedRequest`. */
export type InProcessMockOptions = Omit<MockApiOptions, 'onRefusedRequest' | 'mountPath' | 'sessions' | 'sleep'>;

/** The in-process mock's controls, as `createHandlers()` and `createMockFetch()` give them. */
export type InProcessControls = Pick<MockApi, 'faults' | 'overrides' | 'requests' | 'reset' | 'store'>;

/** What MSW's `setupServer()` gives that the hooks use. */
interface MswServer {
  listen(options: { onUnhandledFrame: 'error' }): void;
  resetHandlers(): void;
  close(): void;
}

/**
 * The hooks' side of a mock in this process: `create` makes it (with
 * `createHandlers` or `createMockFetch`) given the `onRefusedRequest` to use,
 * `serve` makes MSW's server for the handlers (none for the fetch), which
 * listens for the file's tests.
 * Refusals are collected as they happen, not read from the journal, so a
 * journal turned off or overflowing hides none.
 */
export function inProcessTransport<Mock extends InProcessControls>(
  create: (onRefusedRequest: (error: { request: RefusedRequest }) => void) => Mock,
  serve?: (mock: Mock) => MswServer,
): { transport: Transport; mock: Mock } {
  let refused: RefusedRequest[] = [];
  const mock = create(({ request }) => void refused.push(request));
  let server: MswServer | undefined;

  const transport: Transport = {
    async start() {
      server = serve?.(mock);
      // A request no handler answers fails the test instead of reaching the network.
      server?.listen({ onUnhandledFrame: 'error' });
    },
    async reset() {
      server?.resetHandlers(); // MSW's: drops what a test added with server.use()
      mock.reset();
      refused = [];
    },
    async refused() {
      return refused;
    },
    async stop() {
      server?.close();
    },
  };
  return { transport, mock };
}
