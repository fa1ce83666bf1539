/// <reference types="node" />
import type * as Http from 'node:http';
import type * as Https from 'node:https';
import type { HttpHeaders, HttpResponse, Transport } from '../client/http.js';

/** Options of `nodeTransport`. */
export interface NodeTransportOptions {
  /** Keep connections open between calls (default true). Idle ones never keep the process alive. */
  keepAlive?: boolean | undefined;
}

/**
 * A transport on `node:http`/`node:https` instead of `fetch`. For short-lived
 * Node.js processes such as a command-line tool: Node loads its fetch
 * implementation (undici) on first use, about 30 ms, and this never touches it.
 * The response is decoded as UTF-8 and not decompressed (no `Accept-Encoding`
 * is sent). `withResponse().response` and `ApiError.headers` are built on first use.
 *
 * ```ts
 * import { PetstoreClient } from '@petstore/sdk';
 * import { nodeTransport } from '@petstore/sdk/node';
 * const client = new PetstoreClient({ transport: nodeTransport() });
 * ```
 */
export function nodeTransport(options: NodeTransportOptions = {}): Transport {
  const keepAlive = options.keepAlive ?? true;
  // Loaded on first use, and node:https (with TLS and crypto, ~5 ms) only for an https
  // address. Not `import ... from 'node:http'`: the ES module namespace reads every
  // export of node:http, and one of them (WebSocket) loads undici, the cost this avoids.
  let http: { module: typeof Http; agent: Http.Agent } | undefined;
  let https: { module: typeof Https; agent: Https.Agent } | undefined;
  const client = (secure: boolean) => {
    if (secure) {
      const module = process.getBuiltinModule('node:https');
      return (https ??= { module, agent: new module.Agent({ keepAlive }) });
    }
    const module = process.getBuiltinModule('node:http');
    return (http ??= { module, agent: new module.Agent({ keepAlive }) });
  };
  return ({ method, url, headers, body, signal }) =>
    new Promise<HttpResponse>((resolve, reject) => {
      signal.throwIfAborted();
      const target = new URL(url);
      const { module, agent } = client(target.protocol === 'https:');
      const outgoing = body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) };
      const request = module.request(target, { method, headers: outgoing, agent });
      const onAbort = () => request.destroy(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      signal.addEventListener('abort', onAbort, { once: true });
      const settle = () => signal.removeEventListener('abort', onAbort);
      request.on('error', (error) => {
        settle();
        reject(error);
      });
      request.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('error', (error) => {
          settle();
          reject(error);
        });
        // A dropped connection or an abort in the middle of the body.
        response.on('close', () => {
          if (response.complete) return;
          settle();
          reject(new Error('the connection closed before the whole response arrived'));
        });
        response.on('end', () => {
          settle();
          const status = response.statusCode ?? 0;
          const statusText = response.statusMessage ?? '';
          const responseHeaders = response.headers;
          let built: Response | undefined;
          resolve({
            status,
            statusText,
            headers: new IncomingHeaders(responseHeaders),
            body: text,
            toResponse: () => (built ??= new Response(null, { status, statusText, headers: toEntries(responseHeaders) })),
          });
        });
      });
      request.end(body);
    });
}

/** Node's parsed headers behind `get()`, with `Headers` semantics: lower-case names, repeated values joined. */
class IncomingHeaders implements HttpHeaders {
  readonly #headers: Http.IncomingHttpHeaders;

  constructor(headers: Http.IncomingHttpHeaders) {
    this.#headers = headers;
  }

  get(name: string): string | null {
    const value = this.#headers[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  }
}

function toEntries(headers: Http.IncomingHttpHeaders): [string, string][] {
  const entries: [string, string][] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (Array.isArray(value)) for (const item of value) entries.push([name, item]);
    else if (typeof value === 'string') entries.push([name, value]);
  }
  return entries;
}
