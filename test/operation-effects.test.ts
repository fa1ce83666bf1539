import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEV_API_KEY, startMockServer, type MockServer } from '@petstore/mock-server';
import { LIST_LIMIT_MAX, OPERATION_IDS, OPERATIONS, operationsThat, Pets, successBodyOf, type OperationEffect, type OperationId, type Pet } from '@petstore/sdk/contract';
import * as z from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedRequest } from './support/operation-requests.js';
import { startMockServerProcess, type MockServerProcess } from './support/mock-server-process.js';

/**
 * The guard of what each operation does to the store, read back rather than
 * assumed: after each operation the list of animals is what the table's
 * `effect` says, on the built `petstore-mock`, across a restart on its `--data`
 * file (where no id is ever handed out twice), and inside a session, whose cap
 * counts its own additions and not the seed it shares. The rows come from the
 * table (`operationsThat(effect)`): a new operation is checked by its effect.
 */

const auth = { authorization: `Bearer ${DEV_API_KEY}` };

/** Every animal the API at `base` holds (the seeds here are smaller than one page), by a list over HTTP. */
async function animals(base: string): Promise<Pet[]> {
  const response = await fetch(`${base}/pets?limit=${LIST_LIMIT_MAX}`, { headers: auth });
  expect(response.status).toBe(200);
  const list = z.parse(Pets, await response.json());
  expect(list.length, 'a store small enough to read back in one page').toBeLessThan(LIST_LIMIT_MAX);
  return list;
}

/** The animal an operation acts on: the newest, so that a removal or change of it shows against every other. */
const newestOf = (list: readonly Pet[]): Pet => {
  const newest = list.at(-1);
  if (!newest) throw new Error('the store is empty: the guard needs an animal to act on');
  return newest;
};

/** What `operation`'s success answered: its body parsed by the table's schema, `undefined` where it has none. */
async function perform(base: string, operation: OperationId, target: Pet): Promise<unknown> {
  const request = acceptedRequest(operation, target.id);
  const response = await fetch(`${base}${request.path}`, request.init);
  const text = await response.text();
  expect(response.status, text).toBe(OPERATIONS[operation].success.status);
  const schema = successBodyOf(operation);
  return schema === undefined ? undefined : z.parse(schema, JSON.parse(text));
}

/** The store after an operation of each effect, from the store before it, the animal it named and what it answered. */
const EXPECTED_AFTER: Record<OperationEffect, (before: readonly Pet[], target: Pet, answered: unknown, after: readonly Pet[]) => void> = {
  reads: (before, _target, _answered, after) => expect(after).toEqual(before),
  adds: (before, _target, answered, after) => {
    expect(after.slice(0, before.length), 'every animal before is still there').toEqual(before);
    expect(after.length, 'one animal more').toBe(before.length + 1);
    const added = newestOf(after);
    if (answered !== undefined) expect(added).toEqual(answered);
    expect(added.id, 'an id above every id before').toBeGreaterThan(Math.max(0, ...before.map((pet) => pet.id)));
  },
  removes: (before, target, _answered, after) => expect(after).toEqual(before.filter((pet) => pet.id !== target.id)),
  changes: (before, target, answered, after) => {
    expect(after.map((pet) => pet.id)).toEqual(before.map((pet) => pet.id));
    expect(after.filter((pet) => pet.id !== target.id)).toEqual(before.filter((pet) => pet.id !== target.id));
    if (answered !== undefined) expect(after.find((pet) => pet.id === target.id)).toEqual(answered);
  },
};

/** Performs `operation` on the API at `base` and checks the store against its effect; gives the store after it. */
async function expectEffect(base: string, operation: OperationId): Promise<Pet[]> {
  const before = await animals(base);
  const target = newestOf(before);
  const answered = await perform(base, operation, target);
  const after = await animals(base);
  EXPECTED_AFTER[OPERATIONS[operation].effect](before, target, answered, after);
  return after;
}

/** The operation that adds an animal, to hand out ids with: the table's first. */
const adder = (): OperationId => {
  const [first] = operationsThat('adds');
  if (!first) throw new Error('no operation adds an animal: the guard of ids has nothing to hand them out');
  return first;
};

describe('the built petstore-mock on a --data file', () => {
  const folder = mkdtempSync(join(tmpdir(), 'petstore-operation-effects-'));
  const args = ['--data', join(folder, 'pets.db'), '--seed', '3'];
  let mock: MockServerProcess;
  beforeAll(async () => {
    mock = await startMockServerProcess(args);
  });
  afterAll(async () => {
    await mock.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  /** Stops the binary and starts it again on the same file. */
  const restart = async (): Promise<void> => {
    await mock.stop();
    mock = await startMockServerProcess(args);
  };
  /** Every id a create has answered in this file's life. */
  const handedOut: number[] = [];

  it.each(OPERATION_IDS)('%s: the store after it is what its effect says, and stays so after a restart', async (operation) => {
    const after = await expectEffect(mock.url, operation);
    if (OPERATIONS[operation].effect === 'adds') handedOut.push(newestOf(after).id);
    await restart();
    expect(await animals(mock.url)).toEqual(after);
  });

  it('hands out no id twice: after a restart, a create gets an id above every one before it', async () => {
    const before = await animals(mock.url);
    const target = newestOf(before);
    handedOut.push(target.id);
    // Each removal takes an id away for good: a restart must not give it again.
    for (const operation of operationsThat('removes')) await perform(mock.url, operation, newestOf(await animals(mock.url)));
    await restart();
    const created = (await perform(mock.url, adder(), target)) as Pet | undefined;
    const id = created?.id ?? newestOf(await animals(mock.url)).id;
    expect(id).toBeGreaterThan(Math.max(...handedOut));
  });

  describe('a session on it', () => {
    const sessionBase = () => mock.url.replace(/\/v1$/, '/sessions/operation-effects/v1');

    it.each(OPERATION_IDS)("%s: the session's store after it is what its effect says, and the server's own is untouched", async (operation) => {
      const server = await animals(mock.url);
      await expectEffect(sessionBase(), operation);
      expect(await animals(mock.url), "the server's own store is not the session's").toEqual(server);
    });
  });
});

describe("a session's cap", () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startMockServer({ port: 0, seed: 5 });
  });
  afterAll(() => server.close());

  /** How many animals of its own the store of session `name` takes before a create is refused (in code: quick to fill). */
  function fillOwn(name: string): number {
    const { store } = server.session(name);
    // A bound that no cap of a session reaches: without one, the loop must still end.
    for (let own = 0; own < 1_000_000; own += 1) {
      try {
        store.create({ name: 'Fill', categoryId: 1 });
      } catch (error) {
        expect(error).toMatchObject({ code: 'store_full', status: 409 });
        return own;
      }
    }
    throw new Error('a session took a million animals of its own: it has no cap');
  }

  it.each(operationsThat('adds'))("%s counts against a session's cap, and the shared seed does not", async (operation) => {
    const session = server.session(`cap-${operation}`);
    const url = `${server.origin}/sessions/cap-${operation}/v1`;
    expect(session.store.size, "the session starts from the server's seed").toBe(5);
    const cap = fillOwn(session.name);
    expect(cap, 'the seed it shares is not its own').toBeGreaterThan(0);
    expect(OPERATIONS[operation].errors, 'a create past the cap answers a documented 409').toContain(409);
    const request = acceptedRequest(operation, 1);

    // Back to the shared seed: room for `cap` of its own again, one left once the rest are filled in code.
    session.reset();
    for (let own = 0; own < cap - 1; own += 1) session.store.create({ name: 'Fill', categoryId: 1 });
    const last = await fetch(`${url}${request.path}`, request.init);
    expect(last.status, await last.text()).toBe(OPERATIONS[operation].success.status);
    const past = await fetch(`${url}${request.path}`, request.init);
    expect({ status: past.status, code: ((await past.json()) as { code: string }).code }).toEqual({ status: 409, code: 'store_full' });

    // A seed of its own, empty: the same cap, the shared seed's five animals made no difference to it.
    session.reset([]);
    expect(fillOwn(session.name)).toBe(cap);
  });
});
