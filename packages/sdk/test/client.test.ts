// The client against the built mock server binary (a process of its own) and its
// MSW handlers.
import {
  AuthenticationError,
  BadRequestError,
  ConfigurationError,
  NotFoundError,
  PetstoreClient,
  RequestValidationError,
  isNotFoundError,
  LIST_LIMIT_MAX,
  type Logger,
} from '@petstore/sdk';
import { DEV_API_KEY } from '@petstore/mock-server';
import { createHandlers } from '@petstore/mock-server/msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startMockServerProcess, type MockServerProcess } from '../../../test/support/mock-server-process.js';

/** A logger that keeps what it is told. */
function recordingLogger(): Logger & { warnings: string[]; debugs: string[] } {
  const warnings: string[] = [];
  const debugs: string[] = [];
  return { warnings, debugs, warn: (message) => warnings.push(message), debug: (message) => debugs.push(message) };
}

/**
 * The same behaviour, asserted against two boundaries: the real mock server
 * process over HTTP, and the mock server's MSW handlers in this process.
 */
const targets: { name: string; setup: () => Promise<{ baseUrl: string; reset: () => Promise<void>; teardown: () => Promise<void> }> }[] = [
  {
    name: 'the mock server process over HTTP',
    setup: async () => {
      const server: MockServerProcess = await startMockServerProcess(['--seed', '12']);
      return {
        baseUrl: server.url,
        reset: async () => {
          await fetch(server.url.replace(/\/v1$/, '/__admin/reset'), { method: 'POST', headers: { authorization: `Bearer ${DEV_API_KEY}` } });
        },
        teardown: server.stop,
      };
    },
  },
  {
    name: 'the MSW handlers',
    setup: async () => {
      const baseUrl = 'http://petstore.test/v1';
      const mocks = setupServer(...createHandlers({ baseUrl, seed: 12 }));
      mocks.listen({ onUnhandledFrame: 'error' });
      return {
        baseUrl,
        reset: async () => {
          await fetch('http://petstore.test/__admin/reset', { method: 'POST', headers: { authorization: `Bearer ${DEV_API_KEY}` } });
        },
        teardown: async () => mocks.close(),
      };
    },
  },
];

describe.each(targets)('PetstoreClient against $name', ({ setup }) => {
  let target: Awaited<ReturnType<typeof setup>>;
  let client: PetstoreClient;
  let logger: ReturnType<typeof recordingLogger>;

  beforeAll(async () => {
    target = await setup();
  });
  afterAll(() => target.teardown());
  beforeEach(async () => {
    await target.reset();
    logger = recordingLogger();
    client = new PetstoreClient({ baseUrl: target.baseUrl, apiKey: DEV_API_KEY, logger });
  });

  it('lists animals, filtered and limited', async () => {
    const all = await client.pets.list();
    expect(all).toHaveLength(12);
    const available = await client.pets.list({ status: 'available', limit: 3 });
    expect(available.map((pet) => pet.id)).toEqual([1, 2, 5]);
    expect(available.every((pet) => pet.status === 'available')).toBe(true);
  });

  it('creates an animal, available by default, and lists it', async () => {
    const pet = await client.pets.create({ name: 'Rex', categoryId: 1 });
    expect(pet).toEqual({ id: 13, name: 'Rex', categoryId: 1, status: 'available' });
    expect((await client.pets.list({ limit: LIST_LIMIT_MAX })).at(-1)).toEqual(pet);
  });

  it('gets one animal (its deprecation warnings: deprecation.test.ts)', async () => {
    expect(await client.pets.get(1)).toEqual({ id: 1, name: 'Rex', categoryId: 1, status: 'available' });
  });

  it('surfaces the response, request id and deprecation headers with withResponse()', async () => {
    const { data, response, requestId, deprecation } = await client.pets.get(1).withResponse();
    expect(data.id).toBe(1);
    expect(response.status).toBe(200);
    expect(requestId).toBe(response.headers.get('x-request-id'));
    expect(requestId).toBeTruthy();
    expect(deprecation?.sunset?.toISOString()).toBe('2030-12-05T00:00:00.000Z');
    expect(deprecation?.link).toBe('</v1/pets>; rel="successor-version"');
  });

  it('throws NotFoundError with the Error body for an unknown id', async () => {
    const error = await client.pets.get(999).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(isNotFoundError(error)).toBe(true);
    expect(error).toMatchObject({ status: 404, code: 'not_found', body: { code: 'not_found', message: 'No animal has id 999', status: 404 } });
    expect((error as NotFoundError).requestId).toBeTruthy();
  });

  it('throws AuthenticationError for a wrong key, without the key in the message', async () => {
    const wrong = new PetstoreClient({ baseUrl: target.baseUrl, apiKey: 'wrong-key-123', logger });
    const error = await wrong.pets.list().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as Error).message).not.toContain('wrong-key-123');
  });

  it('surfaces a server-side 400 as BadRequestError (forced with Prefer)', async () => {
    const error = await client.pets.create({ name: 'Rex', categoryId: 1 }, { headers: { prefer: 'code=400' } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).code).toBe('invalid_request');
  });

  it('sends nothing for an option or field that is undefined: it is not given', async () => {
    const origin = new URL(target.baseUrl).origin;
    const journal = async (operation: string): Promise<{ query: Record<string, unknown>; body?: unknown }[]> =>
      (await (await fetch(`${origin}/__admin/requests?operation=${operation}`, { headers: { authorization: `Bearer ${DEV_API_KEY}` } })).json()) as {
        query: Record<string, unknown>;
        body?: unknown;
      }[];
    expect(await client.pets.list({ limit: undefined, status: undefined })).toHaveLength(12);
    const created = await client.pets.create({ name: 'Rex', categoryId: 1, status: undefined });
    expect(created.status).toBe('available');
    expect((await journal('listPets')).map((request) => request.query)).toEqual([{}]);
    expect((await journal('createPet')).map((request) => request.body)).toEqual([{ name: 'Rex', categoryId: 1 }]);
  });

  it('refuses invalid input before sending anything', async () => {
    const fetchSpy = vi.fn(globalThis.fetch);
    const spied = new PetstoreClient({ baseUrl: target.baseUrl, apiKey: DEV_API_KEY, fetch: fetchSpy });
    await expect(spied.pets.list({ limit: 0 })).rejects.toThrow(RequestValidationError);
    await expect(spied.pets.list({ limit: 0 })).rejects.toThrow('query.limit: must be an integer from 1 to 100');
    await expect(spied.pets.create({ name: ' ', categoryId: 1 })).rejects.toThrow('body.name: must not be only whitespace');
    await expect(spied.pets.get(1.5)).rejects.toThrow('path.petId: must be an integer');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('PetstoreClient configuration', () => {
  it('names the option and the variable when the base URL or key is missing', () => {
    vi.stubEnv('PETSTORE_BASE_URL', '');
    vi.stubEnv('PETSTORE_API_KEY', '');
    try {
      expect(() => new PetstoreClient({ apiKey: 'k' })).toThrow(ConfigurationError);
      expect(() => new PetstoreClient({ apiKey: 'k' })).toThrow(/baseUrl option or set PETSTORE_BASE_URL/);
      expect(() => new PetstoreClient({ baseUrl: 'http://127.0.0.1:1/v1' })).toThrow(/apiKey option or set PETSTORE_API_KEY/);
      expect(() => new PetstoreClient({ baseUrl: 'not a url', apiKey: 'k' })).toThrow(/baseUrl must be an http\(s\) URL ending in \/v1, got "not a url"/);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('refuses a base URL without the version segment at construction, not with a 404 per call', () => {
    for (const baseUrl of ['http://127.0.0.1:4010', 'http://127.0.0.1:4010/', 'http://127.0.0.1:4010/v2', 'http://127.0.0.1:4010/v1/pets']) {
      expect(() => new PetstoreClient({ baseUrl, apiKey: 'k' }), baseUrl).toThrow(ConfigurationError);
      expect(() => new PetstoreClient({ baseUrl, apiKey: 'k' }), baseUrl).toThrow(/baseUrl must be an http\(s\) URL ending in \/v1/);
    }
    for (const baseUrl of ['http://127.0.0.1:4010/v1', 'http://127.0.0.1:4010/v1/', 'https://api.example.org/animal-store/v1']) {
      expect(() => new PetstoreClient({ baseUrl, apiKey: 'k' }), baseUrl).not.toThrow();
    }
  });

  it('falls back to PETSTORE_BASE_URL and PETSTORE_API_KEY', () => {
    vi.stubEnv('PETSTORE_BASE_URL', 'http://127.0.0.1:1/v1');
    vi.stubEnv('PETSTORE_API_KEY', 'from-env');
    try {
      expect(() => new PetstoreClient()).not.toThrow();
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
