import { describe, expect, it } from 'vitest';
import { HttpError } from '../api/http-error.js';
import { applyStaged, pickStaged } from './staged.js';

describe('pickStaged', () => {
  it('takes the answer and the delay each from the first source that stages one: overrides, then armed faults, then Prefer, then the server', () => {
    expect(pickStaged([undefined, undefined, undefined, undefined])).toBeUndefined();
    expect(pickStaged([undefined, undefined, undefined, { delayMs: 5 }])).toEqual({ delayMs: 5 });
    // An armed delay alone lets Prefer answer, and keeps its own delay.
    expect(pickStaged([undefined, { delayMs: 100 }, { status: 503, retryAfter: 1, preferenceApplied: 'code=503, retry-after=1', delayMs: 7 }, { delayMs: 5 }])).toEqual({
      status: 503,
      retryAfter: 1,
      preferenceApplied: 'code=503, retry-after=1',
      delayMs: 100,
    });
    // An armed status wins over Prefer's, without Prefer's retry-after, and takes Prefer's delay.
    expect(pickStaged([undefined, { operation: 'listPets', status: 500 }, { status: 503, retryAfter: 1, delayMs: 7 }, undefined])).toEqual({
      operation: 'listPets',
      status: 500,
      delayMs: 7,
    });
    expect(pickStaged([undefined, { kind: 'reset' }, undefined, { delayMs: 5 }])).toEqual({ kind: 'reset', delayMs: 5 });
    // An override's answer wins over an armed fault's and Prefer's, and takes the first delay after it.
    expect(pickStaged([{ status: 200, body: '[]' }, { status: 500, delayMs: 9 }, { status: 503 }, undefined])).toEqual({ status: 200, body: '[]', delayMs: 9 });
  });
});

describe('applyStaged', () => {
  const documented = () => ({ success: { status: 200, body: '[{"id":1}]' }, errors: new Map([[404, '{"code":"not_found"}']]), statuses: new Set([200, 404]) });
  const read = () => Promise.resolve(() => ({ status: 200, body: 'ran' }));
  const refused = new HttpError('invalid_request', 'body.name: must be a string');
  const refuse = () => Promise.reject(refused);

  it('answers a staged status or kind instead of the operation, else the operation answers', async () => {
    await expect(applyStaged(undefined, documented, read)).resolves.toEqual({ status: 200, body: 'ran' });
    await expect(applyStaged({ delayMs: 5 }, documented, read)).resolves.toEqual({ status: 200, body: 'ran' });
    await expect(applyStaged({ status: 200, body: '[]' }, documented, read)).resolves.toEqual({ status: 200, body: '[]', headers: {} });
    await expect(applyStaged({ status: 404 }, documented, read)).resolves.toEqual({ status: 404, body: '{"code":"not_found"}', headers: {} });
    await expect(applyStaged({ status: 503, retryAfter: 2 }, documented, read)).resolves.toMatchObject({ status: 503, headers: { 'retry-after': '2' } });
    await expect(applyStaged({ kind: 'malformed' }, documented, read)).resolves.toEqual({ status: 200, body: '[{"id' });
    await expect(applyStaged({ kind: 'empty' }, documented, read)).resolves.toEqual({ status: 0, body: undefined, fault: 'empty' });
  });

  it('reads the request first: a staged success or none answers only a request the contract accepts; a staged failure answers any', async () => {
    await expect(applyStaged(undefined, documented, refuse)).rejects.toBe(refused);
    await expect(applyStaged({ delayMs: 5 }, documented, refuse)).rejects.toBe(refused);
    await expect(applyStaged({ status: 200, body: '[]' }, documented, refuse)).rejects.toBe(refused);
    await expect(applyStaged({ status: 404 }, documented, refuse)).resolves.toMatchObject({ status: 404 });
    await expect(applyStaged({ kind: 'reset' }, documented, refuse)).resolves.toMatchObject({ status: 0, fault: 'reset' });
    // The store's answer is never asked for when a staged answer stands in for it.
    let answered = 0;
    const counted = () => Promise.resolve(() => ({ status: 201, body: String(++answered) }));
    await applyStaged({ status: 200, body: '[]' }, documented, counted);
    await applyStaged({ status: 503 }, documented, counted);
    expect(answered).toBe(0);
  });
});

describe('applyStaged for an operation whose success has no body', () => {
  /** The documented responses of a table in which an operation answers 204 with no body. */
  const bodiless = () => ({ success: { status: 204, body: undefined }, errors: new Map([[404, '{"code":"not_found"}']]), statuses: new Set([204, 404]) });
  const read = () => Promise.resolve(() => ({ status: 204, body: undefined }));

  it('answers a staged success with its status and no body, not an Error body', async () => {
    await expect(applyStaged({ status: 204 }, bodiless, read)).resolves.toEqual({ status: 204, body: undefined, headers: {} });
    await expect(applyStaged({ status: 404 }, bodiless, read)).resolves.toMatchObject({ status: 404, body: '{"code":"not_found"}' });
  });

  it('answers a malformed or stalled fault armed for every operation as an empty reply: there is no body to cut', async () => {
    await expect(applyStaged({ kind: 'malformed' }, bodiless, read)).resolves.toEqual({ status: 0, body: undefined, fault: 'empty' });
    await expect(applyStaged({ kind: 'stall' }, bodiless, read)).resolves.toEqual({ status: 0, body: undefined, fault: 'empty' });
    await expect(applyStaged({ kind: 'reset' }, bodiless, read)).resolves.toEqual({ status: 0, body: undefined, fault: 'reset' });
  });
});

describe('applyStaged: a failure below HTTP at the success status', () => {
  const created = () => ({ success: { status: 201, body: '{"id":1}' }, errors: new Map<number, string>(), statuses: new Set([201]) });
  const read = () => Promise.resolve(() => ({ status: 201, body: 'ran' }));

  it("answers malformed and stall with the operation's own success status", async () => {
    await expect(applyStaged({ kind: 'malformed' }, created, read)).resolves.toEqual({ status: 201, body: '{"id' });
    await expect(applyStaged({ kind: 'stall' }, created, read)).resolves.toEqual({ status: 201, body: '{"id":1}', fault: 'stall' });
  });
});
