/// <reference types="node" />
import type { IncomingHttpHeaders } from 'node:http';
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
  // Not `import ... from 'node:http'`: the ES module namespace reads every export of
  // node:http, and one of them (WebSocket) loads undici, the very cost this avoids.
  const http = process.getBuiltinModule('node:http');
  const https = process.getBuiltinModule('node:https');
  const keepAlive = options.keepAlive ?? true;
  const agents = { http: new http.Agent({ keepAlive }), https: new https.Agent({ keepAlive }) };
  return ({ method, url, headers, body, signal }) =>
    new Promise<HttpResponse>((resolve, reject) => {
      signal.throwIfAborted();
      const target = new URL(url);
      const secure = target.protocol === 'https:';
      const outgoing = body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) };
      const request = (secure ? https.request : http.request)(target, { method, headers: outgoing, agent: secure ? agents.https : agents.http });
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
  readonly #headers: IncomingHttpHeaders;

  constructor(headers: IncomingHttpHeaders) {
    this.#headers = headers;
  }

  get(name: string): string | null {
    const value = this.#headers[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  }
}

function toEntries(headers: IncomingHttpHeaders): [string, string][] {
  const entries: [string, string][] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (Array.isArray(value)) for (const item of value) entries.push([name, item]);
    else if (typeof value === 'string') entries.push([name, value]);
  }
  return entries;
}
