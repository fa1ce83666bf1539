import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMockFetch } from '@petstore/mock-server/fetch';
import { LIST_LIMIT_DEFAULT } from '@petstore/sdk/contract';

/** A request as the mutant received it, before the mock answers it; a mutation may change it. */
export interface MutantRequest {
  method: string;
  /** The path under the base address with its query, e.g. `/pets?limit=5`. */
  path: string;
  headers: Headers;
  body: string;
}

/** The mock's answer, which a mutation may change before the client gets it. */
export interface MutantAnswer {
  status: number;
  headers: Headers;
  body: string;
  /** Close the connection instead of answering. */
  hangUp?: boolean;
}

/** One behaviour of the mock broken: the request changed before the mock sees it, or its answer after. */
export interface Mutation {
  request?: (request: MutantRequest) => void;
  answer?: (answer: MutantAnswer, request: MutantRequest) => void;
}

export interface MutantServer {
  /** The API's base address, `http://127.0.0.1:<port>/v1`. */
  url: string;
  close(): Promise<void>;
}

const MOCK_BASE = 'http://mock.test/v1';
/** The mutants are the test's own servers: a request body above this is the test's mistake. */
const MAX_BODY_BYTES = 1024 * 1024;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Error(`mutant server: a request body above ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The mock server's own core, in this process (a store of its own with `seed`
 * animals: by default more than the default page, so that a wrong default
 * limit shows), behind a node:http server on 127.0.0.1 and an OS-picked port that
 * applies `mutation` to every exchange: the real mock with one behaviour broken.
 */
export async function startMutantServer(mutation: Mutation, seed = 2 * LIST_LIMIT_DEFAULT): Promise<MutantServer> {
  const mock = createMockFetch({ baseUrl: MOCK_BASE, seed });
  const server = createServer((incoming, outgoing) => {
    void (async () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === 'string') headers.set(name, value);
      const path = (incoming.url ?? '/').replace(/^\/v1(?=\/|\?|$)/, '');
      const request: MutantRequest = { method: incoming.method ?? 'GET', path, headers, body: await readBody(incoming) };
      mutation.request?.(request);
      const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
      const response = await mock.fetch(MOCK_BASE + request.path, { method: request.method, headers: request.headers, ...(hasBody && { body: request.body }) });
      const answer: MutantAnswer = { status: response.status, headers: new Headers(response.headers), body: await response.text() };
      mutation.answer?.(answer, request);
      if (answer.hangUp) return void incoming.socket.destroy();
      answer.headers.delete('content-length');
      outgoing.writeHead(answer.status, Object.fromEntries(answer.headers));
      outgoing.end(answer.body);
    })().catch((error: unknown) => {
      // The test's own fault, not a mutation: an answer no case expects, so the test fails saying so.
      if (!outgoing.headersSent) outgoing.writeHead(599, { 'content-type': 'text/plain' });
      outgoing.end(`mutant server failed: ${String(error)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An answer's JSON body changed by `change` (which may return a new value); an answer that is no JSON is left alone. */
export function changeJson(answer: MutantAnswer, change: (body: unknown) => unknown): void {
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return;
  }
  answer.body = JSON.stringify(change(body) ?? body);
}

type Json = Record<string, unknown>;
const isPet = (value: unknown): value is Json => typeof value === 'object' && value !== null && 'id' in value && 'name' in value;

/** Every animal of a Pet or list body passed to `change`; other bodies are left alone. */
export function changePets(answer: MutantAnswer, change: (pet: Json, index: number) => void): void {
  changeJson(answer, (body) => {
    if (Array.isArray(body)) body.filter(isPet).forEach(change);
    else if (isPet(body)) change(body, 0);
  });
}

/** An Error body (any answer of 400 or more with a JSON object) passed to `change`. */
export function changeError(answer: MutantAnswer, change: (error: Json) => void): void {
  if (answer.status < 400) return;
  changeJson(answer, (body) => {
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) change(body as Json);
  });
}

/** The path's query, changed by `change`. */
export function changeQuery(request: MutantRequest, change: (query: URLSearchParams) => void): void {
  const [pathname = '', search = ''] = request.path.split('?', 2);
  const query = new URLSearchParams(search);
  change(query);
  request.path = query.size > 0 ? `${pathname}?${query}` : pathname;
}
