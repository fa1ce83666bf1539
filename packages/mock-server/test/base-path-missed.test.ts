// A request to the mock's own origin that misses the base path (`/pets` for
// `/v1/pets`), through the two transports in the test's process: the MSW
// handlers under a real setupServer, and the in-process fetch. Each answers as
// the Node server does (a 404 naming the operation meant) and reports it as a
// refused request; a request to another origin stays none of the mock's.
import { DEV_API_KEY, startMockServer, type MockServer } from '@petstore/mock-server';
import { createMockFetch } from '@petstore/mock-server/fetch';
import { createHandlers, type CreateHandlersOptions, type RefusedRequestError } from '@petstore/mock-server/msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const auth = { authorization: `Bearer ${DEV_API_KEY}` };

interface Transport {
  name: string;
  /** The transport for a mock at `baseUrl`: its fetch, the refusals reported, and what a URL that is not the mock's does. */
  start(baseUrl: string): { fetch: typeof fetch; refused: RefusedRequestError[]; requests: () => number; stop(): void };
  /** Checks that a request went unanswered by the mock. */
  notTheMocks(sent: Promise<Response>): Promise<void>;
}

const transports: Transport[] = [
  {
    name: 'the MSW handlers',
    start: (baseUrl) => {
      const refused: RefusedRequestError[] = [];
      const options: CreateHandlersOptions = { baseUrl, onRefusedRequest: (error) => refused.push(error) };
      const handlers = createHandlers(options);
      const mocks = setupServer(...handlers);
      // A request no handler takes fails here, rather than reach the network: MSW answers it with a 500 carrying this error.
      mocks.listen({
        onUnhandledFrame: () => {
          throw new Error('no handler took it');
        },
      });
      return { fetch, refused, requests: () => handlers.requests.list().length, stop: () => mocks.close() };
    },
    notTheMocks: async (sent) => expect(await (await sent).json()).toMatchObject({ message: 'no handler took it' }),
  },
  {
    name: 'the in-process fetch',
    start: (baseUrl) => {
      const refused: RefusedRequestError[] = [];
      const mock = createMockFetch({ baseUrl, onRefusedRequest: (error) => refused.push(error) });
      return { fetch: mock.fetch, refused, requests: () => mock.requests.list().length, stop: () => undefined };
    },
    notTheMocks: (sent) => expect(sent).rejects.toThrow(/is outside the mock's baseUrl/),
  },
];

describe.each(transports)('a base path missed, through $name', ({ start, notTheMocks }) => {
  let mock: ReturnType<Transport['start']>;
  beforeEach(() => {
    mock = start('http://api.test/v1');
    return () => mock.stop();
  });

  it("answers the Node server's 404, naming the operation meant, and reports it as a refused request", async () => {
    const response = await mock.fetch('http://api.test/pets', { headers: auth });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'route_not_found', message: 'No operation at /pets; did you mean GET /v1/pets?', status: 404 });
    expect(mock.refused.map((error) => error.message)).toEqual([
      expect.stringMatching(/^The mock refused GET \/pets with 404 route_not_found \(request [\w-]+\), and nothing in the test staged that failure: No operation at \/pets; did you mean GET \/v1\/pets\?$/),
    ]);
    expect(mock.requests()).toBe(1);
  });

  it('names the method asked and needs no key, as outside /v1 on the server', async () => {
    const response = await mock.fetch('http://api.test/pet', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Rex","categoryId":1}' });
    expect(await response.json()).toEqual({ code: 'route_not_found', message: 'No operation at /pet; did you mean POST /v1/pets?', status: 404 });
    expect(mock.refused.map((error) => error.request)).toEqual([expect.objectContaining({ method: 'POST', path: '/pet', status: 404, code: 'route_not_found' })]);
  });

  it('leaves a URL on another origin alone: not answered, not reported', async () => {
    await notTheMocks(mock.fetch('http://other.test/pets', { headers: auth }));
    expect(mock.refused).toEqual([]);
    expect(mock.requests()).toBe(0);
  });

  it('names paths with the proxy prefix of baseUrl, and leaves the paths outside the prefix alone', async () => {
    mock.stop();
    mock = start('http://api.test/api/v1');
    const response = await mock.fetch('http://api.test/api/pets', { headers: auth });
    expect(await response.json()).toEqual({ code: 'route_not_found', message: 'No operation at /api/pets; did you mean GET /api/v1/pets?', status: 404 });
    expect((await mock.fetch('http://api.test/api/v1/pets', { headers: auth })).status).toBe(200);
    await notTheMocks(mock.fetch('http://api.test/v1/pets', { headers: auth }));
    expect(mock.refused).toHaveLength(1);
  });
});

describe('the same 404 from the Node server', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startMockServer({ port: 0 });
  });
  afterAll(() => server.close());

  it('is the one the transports above give for /pets', async () => {
    const response = await fetch(`${server.origin}/pets`, { headers: auth });
    expect(await response.json()).toEqual({ code: 'route_not_found', message: 'No operation at /pets; did you mean GET /v1/pets?', status: 404 });
  });
});
