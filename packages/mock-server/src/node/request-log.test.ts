import { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createRequestLog } from './request-log.js';

function sink(): { stream: Writable; text: () => string } {
  let text = '';
  return {
    stream: new Writable({
      write(chunk: Buffer, _encoding, callback) {
        text += chunk.toString();
        callback();
      },
    }),
    text: () => text,
  };
}

const entry = { method: 'GET', path: '/v1/pets', status: 200, durationMs: 1.234, requestId: 'abc-1' };

describe('createRequestLog', () => {
  it('writes one JSON line per request with method, path, status, duration and id', async () => {
    const out = sink();
    createRequestLog('json', { out: out.stream, err: sink().stream }).request(entry);
    await nextTurn();
    expect(JSON.parse(out.text())).toMatchObject({ level: 'info', method: 'GET', path: '/v1/pets', status: 200, durationMs: 1.2, requestId: 'abc-1' });
  });

  it('writes a readable line, without colour when the stream is not a terminal', async () => {
    const out = sink();
    createRequestLog('pretty', { out: out.stream, err: sink().stream }).request(entry);
    await nextTurn();
    expect(out.text()).toBe('GET     /v1/pets 200 1.2 ms abc-1\n');
  });

  it('ends the line of an error answer with its code and message, control characters escaped', async () => {
    const out = sink();
    const json = sink();
    const error = { code: 'invalid_request', message: 'body.name: must not be empty\u001b[2J; body.categoryId: must be a positive integer' };
    createRequestLog('pretty', { out: out.stream, err: sink().stream }).request({ ...entry, status: 400, error });
    createRequestLog('json', { out: json.stream, err: sink().stream }).request({ ...entry, status: 400, error });
    await nextTurn();
    expect(out.text()).toBe('GET     /v1/pets 400 1.2 ms abc-1 invalid_request: body.name: must not be empty\\u001b[2J; body.categoryId: must be a positive integer\n');
    expect(JSON.parse(json.text())).toMatchObject({ status: 400, error });
  });

  it('writes the lines of one turn of the event loop together, in order', async () => {
    const writes: string[] = [];
    const out = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        writes.push(chunk.toString());
        callback();
      },
    });
    const log = createRequestLog('pretty', { out, err: sink().stream });
    log.request(entry);
    log.request({ ...entry, requestId: 'abc-2' });
    await nextTurn();
    log.request({ ...entry, requestId: 'abc-3' });
    await nextTurn();
    expect(writes).toEqual(['GET     /v1/pets 200 1.2 ms abc-1\nGET     /v1/pets 200 1.2 ms abc-2\n', 'GET     /v1/pets 200 1.2 ms abc-3\n']);
  });

  it("shows the client's User-Agent after the request id: quoted, one line, cut at 200 characters; JSON lines carry it whole", async () => {
    const out = sink();
    const json = sink();
    const userAgent = 'petstore-sdk/0.1.0 (node/26.10.0)';
    createRequestLog('pretty', { out: out.stream, err: sink().stream }).request({ ...entry, userAgent });
    createRequestLog('pretty', { out: out.stream, err: sink().stream }).request({ ...entry, userAgent: `evil\u001b[2J${'x'.repeat(300)}` });
    createRequestLog('json', { out: json.stream, err: sink().stream }).request({ ...entry, userAgent });
    await nextTurn();
    const [line, hostile] = out.text().split('\n');
    expect(line).toBe(`GET     /v1/pets 200 1.2 ms abc-1 "${userAgent}"`);
    expect(hostile).toBe(`GET     /v1/pets 200 1.2 ms abc-1 "evil\\u001b[2J${'x'.repeat(192)}…"`);
    expect(JSON.parse(json.text())).toMatchObject({ requestId: 'abc-1', userAgent });
  });

  it('escapes a `"` and a `\\` in the User-Agent with a `\\`, so that its quotes end where it does', async () => {
    const out = sink();
    createRequestLog('pretty', { out: out.stream, err: sink().stream }).request({ ...entry, userAgent: 'evil" 200 x\\u0041' });
    await nextTurn();
    expect(out.text()).toBe('GET     /v1/pets 200 1.2 ms abc-1 "evil\\" 200 x\\\\u0041"\n');
  });

  it('writes nothing for requests when off, but still reports unexpected errors', () => {
    const out = sink();
    const err = sink();
    const log = createRequestLog('off', { out: out.stream, err: err.stream });
    log.request(entry);
    log.error('unexpected error', { requestId: 'abc-2', error: new Error('boom') });
    expect(out.text()).toBe('');
    expect(err.text()).toContain('unexpected error [abc-2]: Error: boom');
  });
});
