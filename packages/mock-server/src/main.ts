// petstore-mock itself, loaded by bin.ts once the compile cache is on.
import type { ServiceProfile } from '@petstore/sdk/contract';
import packageJson from '../package.json' with { type: 'json' };
import { formatBanner } from './node/banner.js';
import { blockedPortWarning } from './node/fetch-blocked-ports.js';
import { HELP, parseCliOptions, UsageError, type CliOptions } from './node/cli-options.js';
import { loadProfileFile } from './node/load-profile-file.js';
import { loadSeedFile } from './node/load-seed-file.js';
import { createRequestLog } from './node/request-log.js';
import { MockServerConfigError, startMockServer, type MockServer, type MockServerOptions } from './node/start-mock-server.js';

async function main(): Promise<number> {
  const options = parseCliOptions(process.argv.slice(2), process.env);
  if (options.help || options.version) {
    process.stdout.write(`${options.help ? HELP : packageJson.version}\n`);
    return 0;
  }
  const seed = options.seedFile === undefined ? options.seed : await loadSeedFile(options.seedFile);
  const profile = options.profile === undefined ? undefined : await loadProfileFile(options.profile);
  // Until it listens, SIGINT and SIGTERM keep their default: they end the process
  // at once in any start-up phase, even one the main thread is busy or blocked in
  // (seeding, opening the data file), and nothing has been answered yet. A new
  // data file's seed is one transaction, so an interrupted one leaves a new file.
  const server = await startMockServer(serverOptions(options, seed, profile));
  // Listen for signals before anything is printed: whoever reads the banner may
  // signal at once, and must not kill the process mid-request.
  const stopped = stopSignal();
  printBanner(server, options, profile);
  const signal = await stopped;
  if (options.log !== 'off') process.stderr.write(`${signal}: finishing requests in flight, then stopping\n`);
  await server.close();
  return 0;
}

/** What the flags ask of the server, with the files they name read and the request log made. */
function serverOptions(options: CliOptions, seed: MockServerOptions['seed'], profile: ServiceProfile | undefined): MockServerOptions {
  const log = createRequestLog(options.log ?? (process.stdout.isTTY ? 'pretty' : 'json'), { out: process.stdout, err: process.stderr });
  return {
    port: options.port,
    host: options.host,
    apiKeys: options.apiKeys,
    seed,
    delay: options.delay,
    corsOrigins: options.corsOrigins,
    allowedHosts: options.allowedHosts,
    dataFile: options.dataFile,
    journalSize: options.journalSize,
    maxSessions: options.maxSessions,
    sessionIdleMs: options.sessionIdleMs,
    profile,
    log,
  };
}

/** The first SIGINT or SIGTERM, by name. */
function stopSignal(): Promise<string> {
  return new Promise<string>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
}

function printBanner(server: MockServer, options: CliOptions, profile: ServiceProfile | undefined): void {
  const warning = blockedPortWarning(server.port);
  if (warning) process.stderr.write(warning);
  process.stdout.write(
    formatBanner(server, { customKeys: options.apiKeys.length, animals: server.store.size, dataFile: options.dataFile, ...(profile && { profile: { file: options.profile as string, profile } }) }),
  );
}

/** The exit code for an error that stopped it, after saying what went wrong. */
function exitCodeOf(error: unknown): number {
  if (error instanceof UsageError) {
    process.stderr.write(`petstore-mock: ${error.message}\nRun petstore-mock --help for usage.\n`);
    return 2;
  }
  if (error instanceof MockServerConfigError) {
    process.stderr.write(`petstore-mock: ${error.message}\n`);
    return 2;
  }
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    const { port, address } = error as { port?: number; address?: string };
    process.stderr.write(`petstore-mock: port ${port} on ${address} is already in use (another petstore-mock?); choose another with --port, or --port 0 for any free one\n`);
    return 1;
  }
  process.stderr.write(`petstore-mock: ${error instanceof Error ? error.message : String(error)}\n`);
  return 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.exitCode = exitCodeOf(error);
  },
);
