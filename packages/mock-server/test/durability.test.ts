import { Agent, request } from 'node:http';
import { DEV_API_KEY } from '@petstore/mock-server';
import type { Pet } from '@petstore/sdk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { MockServerProcess } from '../../../test/support/mock-server-process.js';
import { useDataFileServers } from './support/data-file-servers.js';

// Crash tests of `petstore-mock --data FILE`: the built binary in child
// processes, killed with SIGKILL while requests are in flight.

const agents: Agent[] = [];
afterEach(() => {
  for (const agent of agents.splice(0)) agent.destroy();
});
const { dataFile, start } = useDataFileServers('petstore-durability-');

/** Kills the server outright and waits until it is gone. */
async function kill(server: MockServerProcess): Promise<void> {
  const gone = new Promise<void>((resolve) => (server.child.exitCode !== null || server.child.signalCode !== null ? resolve() : server.child.once('exit', () => resolve())));
  server.child.kill('SIGKILL');
  await gone;
}

/** One request over `agent`'s sockets: the status and the parsed body, or a rejection when the connection fails. */
function send(agent: Agent, url: string, method: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const outgoing = request(
      url,
      { method, agent, headers: { authorization: `Bearer ${DEV_API_KEY}`, ...(text !== undefined && { 'content-type': 'application/json' }) } },
      (response) => {
        let received = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (received += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: received === '' ? undefined : JSON.parse(received) }));
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(text);
  });
}

function connections(count: number): Agent {
  const agent = new Agent({ keepAlive: true, maxSockets: count });
  agents.push(agent);
  return agent;
}

/** Checks, on a restarted server, that each animal is there as acknowledged; 50 requests at a time. */
async function expectStored(server: MockServerProcess, pets: readonly Pet[]): Promise<void> {
  const agent = connections(50);
  for (let index = 0; index < pets.length; index += 50) {
    const batch = pets.slice(index, index + 50);
    const found = await Promise.all(batch.map((pet) => send(agent, `${server.url}/pets/${pet.id}`, 'GET')));
    expect(found).toEqual(batch.map((pet) => ({ status: 200, body: pet })));
  }
}

const until = async (condition: () => boolean, ms: number): Promise<void> => {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('petstore-mock --data', () => {
  it('keeps every create that got its 201 across a SIGKILL amid 200 connections of creates, and hands out no id twice', async () => {
    const file = dataFile();
    const first = await start(['--seed', '3', '--data', file]);
    const agent = connections(200);
    const acknowledged: Pet[] = [];
    const refused: unknown[] = [];
    let inFlight = 0;
    let sent = 0;
    let stop = false;
    // 200 clients, each on its own connection, creating until the server is gone (20,000 requests at most).
    const clients = Array.from({ length: 200 }, async (_, client) => {
      while (!stop && sent < 20_000) {
        const input = { name: `Pet ${client}-${sent++}`, categoryId: (sent % 5) + 1, status: sent % 2 ? 'pending' : 'sold' };
        inFlight++;
        try {
          const response = await send(agent, `${first.url}/pets`, 'POST', input);
          if (response.status === 201) acknowledged.push(response.body as Pet);
          else refused.push(response.body);
        } catch {
          return; // the server is gone
        } finally {
          inFlight--;
        }
      }
    });
    await until(() => acknowledged.length >= 500, 5_000);
    const inFlightAtKill = inFlight;
    await kill(first);
    stop = true;
    await Promise.all(clients);
    expect(refused).toEqual([]);
    expect(inFlightAtKill).toBeGreaterThan(100);
    expect(acknowledged.length).toBeGreaterThan(100);
    expect(new Set(acknowledged.map((pet) => pet.id)).size).toBe(acknowledged.length);

    const second = await start(['--seed', '3', '--data', file]);
    await expectStored(second, acknowledged);
    // The seed filled only the new file, and new ids start after every acknowledged one.
    await expectStored(second, [{ id: 1, name: 'Rex', categoryId: 1, status: 'available' }]);
    const next = await send(connections(1), `${second.url}/pets`, 'POST', { name: 'After', categoryId: 1 });
    expect((next.body as Pet).id).toBeGreaterThan(Math.max(...acknowledged.map((pet) => pet.id)));
  });

  it('answers resets racing creates without a 500, and keeps every create acknowledged after the last reset across a SIGKILL', async () => {
    const file = dataFile();
    const first = await start(['--seed', '3', '--data', file]);
    const agent = connections(21);
    const statuses = new Map<number, number>();
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    let resetsDone = false;
    let lastResetAnswered = Number.POSITIVE_INFINITY;
    const afterLastReset: Pet[] = [];
    let stop = false;
    const creators = Array.from({ length: 20 }, async (_, client) => {
      for (let index = 0; !stop && index < 2_000; index++) {
        const startedAt = performance.now();
        const response = await send(agent, `${first.url}/pets`, 'POST', { name: `Racer ${client}-${index}`, categoryId: 2 });
        count(response.status);
        // Sent after the last reset was answered, so the server took it after the reset.
        if (response.status === 201 && startedAt > lastResetAnswered) afterLastReset.push(response.body as Pet);
        if (resetsDone && afterLastReset.length >= 200) stop = true;
      }
    });
    const seeds = [undefined, { seed: 2 }, { seed: [{ id: 10, name: 'Ten', categoryId: 3 }] }];
    for (let round = 0; round < 60; round++) {
      const response = await send(agent, first.url.replace(/\/v1$/, '/__admin/reset'), 'POST', seeds[round % seeds.length]);
      count(response.status);
      expect(response.status).toBe(204);
    }
    lastResetAnswered = performance.now();
    resetsDone = true;
    await Promise.all(creators);
    expect(statuses.get(500)).toBeUndefined();
    expect([...statuses.keys()].sort()).toEqual([201, 204]);
    expect(afterLastReset.length).toBeGreaterThanOrEqual(200);
    await kill(first);

    const second = await start(['--seed', '3', '--data', file]);
    // The last reset (round 59) loaded {seed: [Ten]}: it and every create after it are there.
    await expectStored(second, [{ id: 10, name: 'Ten', categoryId: 3, status: 'available' }, ...afterLastReset]);
  });

  it('keeps what a reset loaded across a restart', async () => {
    const file = dataFile();
    const first = await start(['--seed', '3', '--data', file]);
    const agent = connections(1);
    await send(agent, `${first.url}/pets`, 'POST', { name: 'Temp', categoryId: 1 });
    expect((await send(agent, first.url.replace(/\/v1$/, '/__admin/reset'), 'POST', { seed: [{ name: 'Solo', categoryId: 3, status: 'sold' }] })).status).toBe(204);
    await first.stop();
    const second = await start(['--seed', '3', '--data', file]);
    expect((await send(agent, `${second.url}/pets`, 'GET')).body).toEqual([{ id: 1, name: 'Solo', categoryId: 3, status: 'sold' }]);
  });
});
