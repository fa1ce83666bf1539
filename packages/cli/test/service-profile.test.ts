// The round trip of a service profile, through the built binaries: another
// service of the kit's own, which meets the contract but chooses otherwise on
// every open choice (other-service.ts) → `petstore verify --write-profile` →
// `petstore-mock --profile` → `petstore verify --expect-profile` against the
// mock passes, and the mock answers requests outside the case table as the
// other service does. Changing one choice of the service is drift, named.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LIST_LIMIT_DEFAULT, parseServiceProfile, resolveChoices, type ServiceProfile } from '@petstore/sdk/contract';
import type { ConformanceReport } from '@petstore/sdk/conformance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServerProcess, type MockServerProcess } from '../../../test/support/mock-server-process.js';
import { startMutantServer, type MutantServer } from './mutant-server.js';
import { OTHER_CHOICES, otherService } from './other-service.js';
import { createCli, createTempDirs, DEV_KEY, type Cli, type CliResult } from './support.js';

const tempDirs = createTempDirs();
const withKey = { env: { PETSTORE_API_KEY: DEV_KEY } };
/** The other service's store and the mock's start alike: the same generated animals. */
const SEED = 2 * LIST_LIMIT_DEFAULT;
let cli: Cli;
let service: MutantServer;
let profilePath: string;
let profile: ServiceProfile;
let writeRun: CliResult;

beforeAll(async () => {
  cli = await createCli(tempDirs);
  service = await startMutantServer(otherService(), SEED);
  profilePath = join(await tempDirs.make(), 'service-profile.json');
  writeRun = await cli.run(['verify', '--base-url', service.url, '--write-profile', profilePath, '--json'], withKey);
  profile = parseServiceProfile(await readFile(profilePath, 'utf8'));
}, 60_000);
afterAll(async () => {
  await service.close();
  await tempDirs.removeAll();
});

describe('verify --write-profile against another service', () => {
  it('observes every choice the service made, each different from the kit', () => {
    expect(writeRun.code, writeRun.stderr).toBe(0);
    expect(profile.unobserved).toBeUndefined();
    expect(profile.inconsistent).toBeUndefined();
    expect(resolveChoices(profile)).toEqual({ ...OTHER_CHOICES, errorCodes: { ...resolveChoices().errorCodes, ...OTHER_CHOICES.errorCodes } });
    expect(writeRun.stderr).toContain(`service profile written to ${profilePath}: 10 choices observed`);
  });

  it('sends only the cases that show a choice: the figure docs/benchmarks.md gives', () => {
    const report = JSON.parse(writeRun.stdout) as ConformanceReport;
    const sent = report.results.filter((result) => result.request !== undefined);
    // The other service's longest name (60) is not the contract's: the probes find it.
    expect({ reads: sent.filter((result) => result.request?.method === 'GET').length, writes: sent.filter((result) => result.request?.method !== 'GET').length }).toEqual({ reads: 10, writes: 12 });
  });
});

describe('petstore-mock --profile plays the service back', () => {
  let mock: MockServerProcess;
  beforeAll(async () => {
    mock = await startMockServerProcess(['--profile', profilePath, '--seed', String(SEED)]);
  });
  afterAll(() => mock.stop());

  it('passes verify --expect-profile: no drift, no failure', async () => {
    const result = await cli.run(['verify', '--base-url', mock.url, '--expect-profile', profilePath, '--json'], withKey);
    const report = JSON.parse(result.stdout) as ConformanceReport;
    expect(result.code, result.stderr).toBe(0);
    expect(report.results.flatMap((item) => item.findings.filter((finding) => finding.drift || finding.level === 'required'))).toEqual([]);
  });

  it('is what makes the difference: the mock without it drifts on every choice', async () => {
    const kit = await startMockServerProcess(['--seed', String(SEED)]);
    try {
      const result = await cli.run(['verify', '--base-url', kit.url, '--expect-profile', profilePath, '--json'], withKey);
      const report = JSON.parse(result.stdout) as ConformanceReport;
      const drifted = new Set(report.results.flatMap((item) => item.findings.filter((finding) => finding.drift).map((finding) => finding.what.replace(/^choice ([^.]+).*$/, '$1'))));
      expect(result.code).toBe(1);
      expect([...drifted].sort()).toEqual(Object.keys(OTHER_CHOICES).sort());
    } finally {
      await kit.stop();
    }
  });

  // Requests outside the case table, to a fresh service and the mock alike (both started from the same seed).
  const REQUESTS: { method: string; path: string; auth?: 'none' | 'wrong'; body?: unknown }[] = [
    { method: 'GET', path: '/pets?limit=500' },
    { method: 'GET', path: '/pets?limit=-3' },
    { method: 'GET', path: '/pets?limit=7&status=available' },
    { method: 'GET', path: '/pets?status=LOST' },
    { method: 'GET', path: '/pets/1.5' },
    { method: 'GET', path: '/pets/-1' },
    { method: 'GET', path: '/pets/3' },
    { method: 'GET', path: '/pets/123456', auth: 'none' },
    { method: 'GET', path: '/pets', auth: 'wrong' },
    { method: 'POST', path: '/pets', body: { name: 'Rex', categoryId: 2, colour: 'red', legs: 4 } },
    { method: 'POST', path: '/pets', body: { name: 'N'.repeat(61), categoryId: 2 } },
    { method: 'POST', path: '/pets', body: { name: 'N'.repeat(60), categoryId: 2, status: 'sold' } },
    { method: 'POST', path: '/pets', body: { categoryId: 2 } },
  ];
  /** What the profile says of an answer: status, code, the headers it names, and the body's shape. */
  async function answerOf(base: string, request: (typeof REQUESTS)[number]) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (request.auth === undefined) headers['authorization'] = `Bearer ${DEV_KEY}`;
    if (request.auth === 'wrong') headers['authorization'] = 'Bearer not-a-key';
    const response = await fetch(base + request.path, { method: request.method, headers, ...(request.body !== undefined && { body: JSON.stringify(request.body) }) });
    const body = (await response.json()) as unknown;
    const named = ['deprecation', 'sunset', 'link', 'www-authenticate'].map((name) => [name, response.headers.get(name)]);
    const shape = Array.isArray(body)
      ? body.map((pet: { id: number; status?: string }) => [pet.id, pet.status])
      : typeof body === 'object' && body !== null && 'code' in body
        ? { code: body.code }
        : Object.keys(body as object).sort();
    return { status: response.status, headers: Object.fromEntries(named), shape };
  }

  it('answers requests outside the case table as the service does', async () => {
    const fresh = await startMutantServer(otherService(), SEED);
    const again = await startMockServerProcess(['--profile', profilePath, '--seed', String(SEED)]);
    try {
      for (const request of REQUESTS) {
        const label = `${request.method} ${request.path}${request.auth ? ` (${request.auth} key)` : ''}`;
        expect(await answerOf(again.url, request), label).toEqual(await answerOf(fresh.url, request));
      }
    } finally {
      await fresh.close();
      await again.stop();
    }
  });
});

describe('verify --expect-profile against a service that changed one choice', () => {
  it('fails, naming the drift, in text and in JUnit', async () => {
    const changed = await startMutantServer(otherService(['limitOutOfRange']), SEED);
    const junit = join(await tempDirs.make(), 'verify.xml');
    try {
      const result = await cli.run(['verify', '--base-url', changed.url, '--expect-profile', profilePath, '--junit', junit], withKey);
      expect(result.code, result.stdout + result.stderr).toBe(1);
      expect(result.stdout).toContain('drift: limit=0 → 400; the profile says limitOutOfRange clamp');
      expect(result.stdout).toContain('drift: 2 cases differ from the service profile');
      expect(result.stderr).toContain('2 cases drifted from the service profile');
      expect(await readFile(junit, 'utf8')).toContain('type="drift"');
    } finally {
      await changed.close();
    }
  });

  it('refuses a profile that chooses what the contract does not allow, naming the field: exit 2', async () => {
    const path = join(await tempDirs.make(), 'bad.json');
    await (await import('node:fs/promises')).writeFile(path, JSON.stringify({ profileVersion: 1, choices: { malformedPetId: 422 } }));
    const result = await cli.run(['verify', '--base-url', service.url, '--expect-profile', path], withKey);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`--expect-profile ${path}: choices.malformedPetId: `);
  });
});
