import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = new URL('..', import.meta.url);

/** Imports a module by package name in a fresh `node` process, as a user's program would. */
async function importInNode(specifier: string): Promise<string[]> {
  const script = `const m = await import(${JSON.stringify(specifier)}); console.log(JSON.stringify(Object.keys(m).sort()));`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: root });
  return JSON.parse(stdout) as string[];
}

/** Every module an import loads, in a fresh `node` process (a resolve hook records them). */
async function modulesLoadedBy(specifier: string): Promise<string[]> {
  const script =
    "import { registerHooks } from 'node:module'; const seen = [];" +
    'registerHooks({ resolve(specifier, context, next) { const result = next(specifier, context); seen.push(result.url); return result; } });' +
    `await import(${JSON.stringify(specifier)}); console.log(JSON.stringify(seen));`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: root });
  return JSON.parse(stdout) as string[];
}

describe('built packages, imported by name', () => {
  it('@petstore/sdk exposes the contract', async () => {
    const names = await importInNode('@petstore/sdk');
    expect(names).toEqual(expect.arrayContaining(['Pet', 'NewPet', 'Pets', 'PetStatus', 'ErrorBody', 'ListPetsQuery']));
  });

  it('@petstore/sdk/contract exposes schemas, limits and the decisions', async () => {
    const names = await importInNode('@petstore/sdk/contract');
    expect(names).toEqual(
      expect.arrayContaining(['Pet', 'NewPet', 'PetIdParam', 'ListPetsQueryParams', 'LIST_LIMIT_MAX', 'ERROR_CODES', 'GET_PET_SUNSET']),
    );
  });

  it('@petstore/sdk/contract does not pull in the HTTP client', async () => {
    const urls = await modulesLoadedBy('@petstore/sdk/contract');
    expect(urls.some((url) => url.includes('/zod/'))).toBe(true);
    expect(urls.filter((url) => url.includes('/ky/'))).toEqual([]);
  });

  it('@petstore/sdk in Node.js is the one client on ky, from the same file as everywhere', async () => {
    const urls = await modulesLoadedBy('@petstore/sdk');
    expect(urls.some((url) => url.includes('/ky/'))).toBe(true);
    expect(urls.find((url) => url.includes('/packages/sdk/dist/'))).toMatch(/\/packages\/sdk\/dist\/index\.js$/);
  });

  it('@petstore/sdk/openapi builds the OpenAPI document', async () => {
    expect(await importInNode('@petstore/sdk/openapi')).toEqual(['createOpenApiDocument']);
  });

  it('@petstore/sdk/node gives proxyFetch, and loads undici only with the first request through a proxy', async () => {
    expect(await importInNode('@petstore/sdk/node')).toEqual(expect.arrayContaining(['proxyFetch', 'proxyFor', 'matchNoProxy', 'ProxyError', 'isProxyError']));
    const urls = await modulesLoadedBy('@petstore/sdk/node');
    expect(urls.filter((url) => url.includes('/undici/'))).toEqual([]);
  });

  it('@petstore/sdk/conformance runs the contract cases without the HTTP client, and the root never loads it', async () => {
    expect(await importInNode('@petstore/sdk/conformance')).toEqual(expect.arrayContaining(['CONFORMANCE_CASES', 'runCases', 'coverageMatrix']));
    expect((await modulesLoadedBy('@petstore/sdk/conformance')).filter((url) => url.includes('/ky/'))).toEqual([]);
    expect((await modulesLoadedBy('@petstore/sdk')).filter((url) => url.includes('/conformance/'))).toEqual([]);
  });

  it('@petstore/mock-server loads no vitest, and its ./vitest entry loads msw only for a file that asks for MSW', async () => {
    expect((await modulesLoadedBy('@petstore/mock-server')).filter((url) => url.includes('/node_modules/vitest/'))).toEqual([]);
    expect(await importInNode('@petstore/mock-server/vitest')).toEqual(expect.arrayContaining(['useMockApi', 'DEV_API_KEY', 'RefusedRequestError']));
    const urls = await modulesLoadedBy('@petstore/mock-server/vitest');
    expect(urls.some((url) => url.includes('/node_modules/vitest/'))).toBe(true);
    expect(urls.filter((url) => url.includes('/node_modules/msw/'))).toEqual([]);
  });

  it('@petstore/mock-server/playwright gives the fixture and the global set-up, and no other entry loads @playwright/test', async () => {
    expect(await importInNode('@petstore/mock-server/playwright')).toEqual(expect.arrayContaining(['test', 'expect', 'mockFixtures', 'mockServerGlobalSetup', 'DEV_API_KEY', 'RefusedRequestError']));
    const urls = await modulesLoadedBy('@petstore/mock-server/playwright');
    expect(urls.some((url) => url.includes('/node_modules/@playwright/test/'))).toBe(true);
    expect(urls.filter((url) => /\/node_modules\/(vitest|msw)\//.test(url))).toEqual([]);
    // By the folder in node_modules: this checkout's own path may hold the word.
    for (const entry of ['@petstore/mock-server', '@petstore/mock-server/vitest']) {
      expect((await modulesLoadedBy(entry)).filter((url) => /\/node_modules\/(@playwright\/|playwright)/.test(url)), entry).toEqual([]);
    }
  });

  it('@petstore/mock-server and @petstore/cli load', async () => {
    expect((await importInNode('@petstore/mock-server')).length).toBeGreaterThan(0);
    expect((await importInNode('@petstore/cli')).length).toBeGreaterThan(0);
  });
});
