import { chmodSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createConfigStore } from './config-store.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A store on a fresh folder, with the warnings it gives. */
function storeIn(files: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'petstore-store-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text, { mode: 0o600 });
  const warnings: string[] = [];
  const store = createConfigStore({ PETSTORE_CONFIG_DIR: dir }, { warn: (message) => warnings.push(message) });
  return { dir, store, warnings };
}

describe('createConfigStore', () => {
  it('reads no files as empty settings', async () => {
    const { store, warnings } = storeIn();
    expect(await store.readConfig()).toEqual({});
    expect(await store.readCredentials()).toEqual({});
    expect(warnings).toEqual([]);
  });

  it('says "not valid JSON" with where, never what the text holds', async () => {
    const { store, dir } = storeIn({ 'credentials.json': '{"profiles":{"mock":{"apiKey":"sk-live-9f8e7d"\n' });
    const error = await store.readCredentials().catch((caught: unknown) => caught as Error);
    expect(error.message).toMatch(new RegExp(`^${join(dir, 'credentials.json')} is not valid JSON( \\(line \\d+ column \\d+\\))?; fix or delete it$`));
    expect(error.message).not.toContain('sk-live');
    const other = storeIn({ 'credentials.json': '{"profiles":{"mock":{"apiKey":sk-live-9f8e7d}}}' });
    const unquoted = await other.store.readCredentials().catch((caught: unknown) => caught as Error);
    expect(unquoted.message).toContain('is not valid JSON');
    expect(unquoted.message).not.toContain('sk-live');
  });

  it('names the file and the key of a wrong type (exit 3)', async () => {
    const { store, dir } = storeIn({ 'config.json': '{"profiles":{"staging":{"baseUrl":["https://x/v1"]}}}' });
    await expect(store.readConfig()).rejects.toMatchObject({
      exitCode: 3,
      message: `${join(dir, 'config.json')}: profiles.staging.baseUrl: expected string, got array; fix or delete it`,
    });
  });

  it.for([0o644, 0o640, 0o620, 0o602, 0o660])('warns, once, when the credentials file has mode %o, naming the file, the mode and chmod 600', async (mode) => {
    const { store, dir, warnings } = storeIn({ 'credentials.json': '{"profiles":{"mock":{"apiKey":"sk-abcdefgh"}}}' });
    const path = join(dir, 'credentials.json');
    chmodSync(path, mode);
    expect(await store.readCredentials()).toEqual({ profiles: { mock: { apiKey: 'sk-abcdefgh' } } });
    await store.readCredentials();
    expect(warnings).toEqual([
      `warning: ${path} holds API keys but other users may read or change it (mode 0${mode.toString(8)}); run \`chmod 600 ${path}\``,
    ]);
  });

  it('does not warn for mode 0600 or 0400', async () => {
    for (const mode of [0o600, 0o400]) {
      const { store, dir, warnings } = storeIn({ 'credentials.json': '{}' });
      chmodSync(join(dir, 'credentials.json'), mode);
      await store.readCredentials();
      expect(warnings).toEqual([]);
    }
  });

  it('writes the credentials file with mode 0600 in a 0700 folder, whole, and reads back what it wrote', async () => {
    const { store, dir } = storeIn();
    const nested = createConfigStore({ PETSTORE_CONFIG_DIR: join(dir, 'petstore') }, { warn: () => {} });
    await nested.writeCredentials({ profiles: { mock: { apiKey: 'sk-abcdefgh' } } });
    expect(statSync(nested.credentialsPath).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'petstore')).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(nested.credentialsPath, 'utf8'))).toEqual({ profiles: { mock: { apiKey: 'sk-abcdefgh' } } });
    expect(await nested.readCredentials()).toEqual({ profiles: { mock: { apiKey: 'sk-abcdefgh' } } });
    await store.writeConfig({ profile: 'staging' });
    expect(await store.readConfig()).toEqual({ profile: 'staging' });
  });

  it('cannot create its folder under a file: exit 3 naming the folder, no stack', async () => {
    const { dir } = storeIn({ blocker: '' });
    const store = createConfigStore({ PETSTORE_CONFIG_DIR: join(dir, 'blocker', 'petstore') }, { warn: () => {} });
    await expect(store.writeConfig({ profile: 'mock' })).rejects.toMatchObject({
      exitCode: 3,
      message: expect.stringMatching(new RegExp(`^cannot create the configuration folder ${join(dir, 'blocker', 'petstore')}: (ENOTDIR|EEXIST)`)),
    });
    await expect(store.readConfig()).rejects.toMatchObject({ exitCode: 3, message: expect.stringContaining('ENOTDIR') });
  });

  it.for([0o777, 0o770, 0o702])('refuses a folder of mode %o, reading or writing: exit 3 naming it and chmod go-w, nothing written', async (mode) => {
    const { store, dir } = storeIn({ 'config.json': '{"profile":"staging"}' });
    chmodSync(dir, mode);
    const message = `the configuration folder ${dir} may be written by other users (mode 0${mode.toString(8)}), who could replace its files; run \`chmod go-w ${dir}\``;
    await expect(store.readConfig()).rejects.toMatchObject({ exitCode: 3, message });
    await expect(store.readCredentials()).rejects.toMatchObject({ exitCode: 3, message });
    await expect(store.writeCredentials({ profiles: { mock: { apiKey: 'sk-abcdefgh' } } })).rejects.toMatchObject({ exitCode: 3, message });
    expect(readdirSync(dir)).toEqual(['config.json']);
    chmodSync(dir, 0o700);
  });

  it('replaces a link planted at the file instead of writing through it, and leaves no temporary file', async () => {
    const { store, dir } = storeIn({ 'elsewhere.json': '' });
    symlinkSync(join(dir, 'elsewhere.json'), store.credentialsPath);
    await store.writeCredentials({ profiles: { mock: { apiKey: 'sk-abcdefgh' } } });
    expect(readFileSync(join(dir, 'elsewhere.json'), 'utf8')).toBe('');
    expect(lstatSync(store.credentialsPath).isFile()).toBe(true);
    expect(statSync(store.credentialsPath).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir).toSorted()).toEqual(['credentials.json', 'elsewhere.json']);
  });
});
