// The built `petstore` on a real terminal (script(1)), against the mock server binary.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServerProcess, type MockServerProcess } from '../../../test/support/mock-server-process.js';
import { inTerminal, runCli, shellQuote } from './support.js';

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
    expect(plain).toBe(
      'ID  NAME      CATEGORY  STATUS\n1   Rex       1         available\n2   Whiskers  2         available\n3   Bella     3         pending\n' +
        // 3 of --limit 3: the page may not be all (stderr, on the same terminal).
        'note: 3 animals, the most --limit 3 returns; the API has no paging, so more may exist (raise --limit, up to 100, or narrow with --status)\n',
    );
  });

  it('verify: the report in colour, the verdict last', async () => {
    const screen = await inTerminal(['verify'], env());
    // eslint-disable-next-line no-control-regex -- the colour codes are the point
    expect(screen).toMatch(/\u001b\[32mPASS +\u001b\[39m/);
    // eslint-disable-next-line no-control-regex -- stripping colour codes
    const plain = screen.replace(/\u001b\[[0-9;]*m/g, '').replaceAll('\r', '');
    expect(plain).toMatch(/\n\d+ passed, 0 failed, 0 noted, 0 skipped: conformant\n$/);
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

  // What the screen shows, without colour or carriage returns.
  // eslint-disable-next-line no-control-regex -- stripping colour codes
  const plainScreen = (screen: string) => screen.replace(/\u001b\[[0-9;]*m/g, '').replaceAll('\r', '');

  it('pets get shows field: value lines, in colour; --json forces JSON, and a pipe keeps TSV', async () => {
    const vars = { ...env(), PETSTORE_NO_DEPRECATION_WARNING: '1' };
    const [fields, json, piped] = await Promise.all([
      inTerminal(['pets', 'get', '3'], vars),
      inTerminal(['pets', 'get', '3', '--json'], vars),
      runCli(vars.PETSTORE_CONFIG_DIR, ['pets', 'get', '3'], { env: vars }),
    ]);
    expect(fields).toContain('\u001b[');
    expect(plainScreen(fields)).toBe('id:        3\nname:      Bella\ncategory:  3\nstatus:    pending\n');
    expect(JSON.parse(plainScreen(json))).toEqual({ id: 3, name: 'Bella', categoryId: 3, status: 'pending' });
    expect(piped.stdout).toBe('3\tBella\t3\tpending\n');
  });

  it('--jq on a terminal: strings raw with control characters escaped (newlines kept), other values indented', async () => {
    const vars = env();
    const name = 'Evil\u001b[2J\u202eX\nY';
    const created = await runCli(vars.PETSTORE_CONFIG_DIR, ['pets', 'create', '--data', JSON.stringify({ name, categoryId: 1 }), '--jq', '.id'], { env: vars });
    expect(created.code).toBe(0);
    const screen = await inTerminal(['pets', 'get', created.stdout.trim(), '--jq', '.name, {categoryId}'], { ...vars, PETSTORE_NO_DEPRECATION_WARNING: '1' });
    expect(screen.replaceAll('\r', '')).toBe('Evil\\u001b[2J\\u202eX\nY\n{\n  "categoryId": 1\n}\n');
  });

  it('auth token prints the key on a terminal only with --show; redirected to a file from a terminal, it prints (a file is not a terminal)', async () => {
    const vars = env();
    const file = join(vars.PETSTORE_CONFIG_DIR, 'token.txt');
    const [refused, shown, redirected] = await Promise.all([
      inTerminal(['auth', 'token'], vars, '|| echo "exit $?"'),
      inTerminal(['auth', 'token', '--show'], vars),
      inTerminal(['auth', 'token'], vars, `> ${shellQuote(file)}`),
    ]);
    expect(plainScreen(refused)).toBe('error: auth token prints the API key only where stdout is not a terminal (a pipe or a file: `KEY=$(petstore auth token)`); add --show to print it on this terminal\nexit 2\n');
    expect(plainScreen(redirected)).toBe('');
    expect(readFileSync(file, 'utf8')).toBe(`${vars.PETSTORE_API_KEY}\n`);
    expect(refused).not.toContain(vars.PETSTORE_API_KEY);
    expect(plainScreen(shown)).toBe(`${vars.PETSTORE_API_KEY}\n`);
  });

  describe('notes and errors on stderr are JSON only with --json, or with --format ndjson when stderr is not a terminal', () => {
    const deprecation = /warning: `pets get` uses GET \/pets\/\{petId\}/;
    // What the screen shows, without colour (the error prefix is red) or carriage returns.
    // eslint-disable-next-line no-control-regex -- stripping colour codes
    const screenText = (screen: string) => screen.replace(/\u001b\[[0-9;]*m/g, '').replaceAll('\r', '');
    // A failing command would fail script(1) itself: its exit code is shown instead.
    const SHOW_EXIT = '|| echo "exit $?"';

    it('on a terminal, --format ndjson keeps notes, the import summary and errors as text', async ({ expect }) => {
      const vars = env();
      const input = join(vars.PETSTORE_CONFIG_DIR, 'pets.ndjson');
      writeFileSync(input, '{"name":"Rex","categoryId":1}\n');
      const [get, imported, error] = await Promise.all([
        inTerminal(['pets', 'get', '1', '--format', 'ndjson'], vars),
        inTerminal(['pets', 'import', input, '--format', 'ndjson'], vars, `> ${shellQuote(join(vars.PETSTORE_CONFIG_DIR, 'report.ndjson'))}`),
        inTerminal(['pets', 'list', '--limit', '0', '--format', 'ndjson'], vars, SHOW_EXIT),
      ]);
      expect(screenText(get)).toMatch(new RegExp(`^${deprecation.source}.*\n\\{"id":1,`));
      // After the progress bar, erased: the summary as text.
      // eslint-disable-next-line no-control-regex -- the erase that ends the bar
      expect(screenText(imported)).toMatch(/\u001b\[2K1 row in \d+\.\d s: added 1, skipped 0, failed 0, invalid 0, not sent 0\n$/);
      expect(screenText(error)).toBe('error: --limit must be at least 1, got "0"\nexit 2\n');
      for (const screen of [get, imported, error]) expect(screen).not.toMatch(/^\{"(note|summary|error)"/m);
    });

    it('on a terminal, --json makes them JSON lines, as asked', async ({ expect }) => {
      const vars = env();
      const [get, error] = await Promise.all([inTerminal(['pets', 'get', '1', '--json'], vars), inTerminal(['pets', 'list', '--limit', '0', '--json'], vars, SHOW_EXIT)]);
      const [note] = screenText(get).split('\n');
      expect((JSON.parse(note ?? '') as { note: string }).note).toMatch(deprecation);
      const [line, exit] = screenText(error).split('\n');
      expect(JSON.parse(line ?? '')).toMatchObject({ error: { exitCode: 2, code: 'usage', message: '--limit must be at least 1, got "0"' } });
      expect(exit).toBe('exit 2');
    });

    it('in a pipe, --format ndjson makes them JSON lines; a table or TSV keeps them text', async ({ expect }) => {
      const vars = env();
      const [ndjson, tsv] = await Promise.all([
        runCli(vars.PETSTORE_CONFIG_DIR, ['pets', 'get', '1', '--format', 'ndjson'], { env: vars }),
        runCli(vars.PETSTORE_CONFIG_DIR, ['pets', 'get', '1'], { env: vars }),
      ]);
      expect((JSON.parse(ndjson.stderr) as { note: string }).note).toMatch(deprecation);
      expect(tsv.stderr).toMatch(new RegExp(`^${deprecation.source}.*\n$`));
    });
  });
});
