import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServerProcess, type MockServerProcess } from '../../../test/support/mock-server-process.js';
import { inTerminal } from './support.js';

describe('petstore on a real terminal', () => {
  let server: MockServerProcess;
  const dirs: string[] = [];
  const env = () => {
    const dir = mkdtempSync(join(tmpdir(), 'petstore-tty-'));
    dirs.push(dir);
    // The development key goes only to its own base URL (127.0.0.1:4010): this server is elsewhere.
    return { PETSTORE_BASE_URL: server.url, PETSTORE_API_KEY: 'dev-petstore-key42', PETSTORE_CONFIG_DIR: dir };
  };

  beforeAll(async () => {
    server = await startMockServerProcess(['--seed', '12']);
  });
  afterAll(async () => {
    await server.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('prints an aligned table with a header, in colour', async () => {
    const screen = await inTerminal(['pets', 'list', '--limit', '3'], env());
    expect(screen).toContain('\u001b[');
    // eslint-disable-next-line no-control-regex -- stripping colour codes
    const plain = screen.replace(/\u001b\[[0-9;]*m/g, '').replaceAll('\r', '');
    expect(plain).toBe('ID  NAME      CATEGORY  STATUS\n1   Rex       1         available\n2   Whiskers  2         available\n3   Bella     3         pending\n');
  });

  it('prints no colour with NO_COLOR, --no-color or TERM=dumb, and keeps the table', async () => {
    for (const [args, extra] of [
      [['pets', 'list', '--limit', '3'], { NO_COLOR: '1' }],
      [['pets', 'list', '--limit', '3', '--no-color'], {}],
      [['pets', 'list', '--limit', '3'], { TERM: 'dumb' }],
    ] as const) {
      const screen = await inTerminal([...args], { ...env(), ...extra });
      expect(screen).not.toContain('\u001b[');
      expect(screen.replaceAll('\r', '')).toContain('ID  NAME      CATEGORY  STATUS\n');
    }
  });
});
