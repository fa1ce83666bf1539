import { Writable } from 'node:stream';
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
  it('writes one JSON line per request with method, path, status, duration and id', () => {
    const out = sink();
    createRequestLog('json', { out: out.stream, err: sink().stream }).request(entry);
    expect(JSON.parse(out.text())).toMatchObject({ level: 'info', method: 'GET', path: '/v1/pets', status: 200, durationMs: 1.2, requestId: 'abc-1' });
  });

  it('writes a readable line, without colour when the stream is not a terminal', () => {
    const out = sink();
    createRequestLog('pretty', { out: out.stream, err: sink().stream }).request(entry);
    expect(out.text()).toBe('GET     /v1/pets 200 1.2 ms abc-1\n');
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
