import { describe, expect, it } from 'vitest';
import { DEFAULT_HOST, DEFAULT_PORT, parseCliOptions, UsageError } from './cli-options.js';

const parse = (args: string[], env: Record<string, string> = {}) => parseCliOptions(args, env);

describe('parseCliOptions', () => {
  it('has the documented defaults', () => {
    expect(parse([])).toEqual({
      help: false,
      version: false,
      port: DEFAULT_PORT,
      host: DEFAULT_HOST,
      apiKeys: [],
      seed: undefined,
      seedFile: undefined,
      delay: undefined,
      log: undefined,
      corsOrigins: [],
      allowedHosts: [],
      dataFile: undefined,
      journalSize: undefined,
      maxSessions: undefined,
      sessionIdleMs: undefined,
      profile: undefined,
    });
    expect(DEFAULT_PORT).toBe(4010);
  });

  it('reads every flag', () => {
    const options = parse([
      '--port=0', '--host', '::1', '--api-key', 'a', '--api-key', 'b', '--seed', '0',
      '--delay', '10-20', '--log', 'json', '--cors-origin', 'http://localhost:5173', '--journal-size', '0',
      '--cors-origin', '*', '--allowed-host', 'devbox.lan', '--allowed-host', '.example.com',
    ]);
    expect(options).toMatchObject({
      journalSize: 0,
      port: 0,
      host: '::1',
      apiKeys: ['a', 'b'],
      seed: 0,
      delay: { min: 10, max: 20 },
      log: 'json',
      corsOrigins: ['http://localhost:5173', '*'],
      allowedHosts: ['devbox.lan', '.example.com'],
    });
    expect(parse(['--delay', '150']).delay).toBe(150);
    expect(parse(['--max-sessions', '0', '--session-idle', '2'])).toMatchObject({ maxSessions: 0, sessionIdleMs: 2_000 });
    expect(parse(['--profile', 'svc.json']).profile).toBe('svc.json');
  });

  it('takes keys from PETSTORE_MOCK_API_KEYS when no --api-key is given', () => {
    expect(parse([], { PETSTORE_MOCK_API_KEYS: ' k1 , k2,, ' }).apiKeys).toEqual(['k1', 'k2']);
    expect(parse(['--api-key', 'flag'], { PETSTORE_MOCK_API_KEYS: 'env' }).apiKeys).toEqual(['flag']);
  });

  it.each([
    [['--port', 'abc'], '--port expects a port number from 0 to 65535, got "abc"'],
    [['--port', '70000'], '--port expects a port number from 0 to 65535, got "70000"'],
    [['--seed=-1'], '--seed expects a number of animals from 0 to 10000000, got "-1"'],
    [['--delay', 'slow'], '--delay expects MS or MIN-MAX in milliseconds (e.g. 200 or 50-250), got "slow"'],
    [['--delay', '20-10'], '--delay range must go from low to high, got "20-10"'],
    [['--log', 'loud'], '--log expects one of pretty, json, off, got "loud"'],
    [['--seed', '3', '--seed-file', 'x.json'], '--seed and --seed-file cannot be used together: choose generated animals or a file'],
    [['--prot', '1'], 'unknown option --prot; did you mean --port?'],
    [['--max-sessions', '1001'], '--max-sessions expects a number of sessions from 0 to 1000, got "1001"'],
    [['--session-idle', '0'], '--session-idle expects a number of seconds from 1 to 86400, got "0"'],
    [['--session-idle', '1.5'], '--session-idle expects a number of seconds from 1 to 86400, got "1.5"'],
    [['extra'], "Unexpected argument 'extra'"],
    [['--profile', ' '], '--profile expects a file path'],
    [['--profil', 'svc.json'], 'unknown option --profil; did you mean --profile?'],
    [['--api-key', 'has space'], '--api-key values must be non-empty printable ASCII without spaces'],
    [['--cors-origin', 'http://localhost:5173/'], `--cors-origin expects an origin (scheme, host and port, no path), such as http://localhost:5173, or '*', got "http://localhost:5173/"`],
    [['--cors-origin', 'localhost:5173'], `--cors-origin expects an origin (scheme, host and port, no path), such as http://localhost:5173, or '*', got "localhost:5173"`],
    [['--allowed-host', 'http://devbox.lan'], `--allowed-host expects a host name without scheme or port, such as devbox.lan, .example.com for it and its subdomains, or '*', got "http://devbox.lan"`],
    [['--allowed-host', 'devbox.lan:4010'], `--allowed-host expects a host name without scheme or port, such as devbox.lan, .example.com for it and its subdomains, or '*', got "devbox.lan:4010"`],
  ])('refuses %j with a message naming the flag', (args, message) => {
    expect(() => parse(args)).toThrow(UsageError);
    expect(() => parse(args)).toThrow(message);
  });
});
