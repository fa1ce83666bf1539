import { randomBytes } from 'node:crypto';
import type { ConformanceReport } from '@petstore/sdk/conformance';
import { writeFileAtomically } from '../config/write-file-atomically.js';
import { CliError, usageError } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';
import { stringifyJson, terminalSafe } from '../output/escape.js';
import { renderJunit } from '../verify/junit.js';
import { isLoopbackUrl } from '../verify/loopback.js';
import { renderVerifyReport } from '../verify/render-verify.js';
import { VERIFY_MAX_REQUESTS, VERIFY_TOTAL_TIMEOUT } from '../verify/verify-limits.js';
import { proxiedFetch, requestTimeout, type CommandContext } from './context.js';
import { PRODUCT_TOKEN } from '../startup/version.js';

export interface VerifyFlags {
  allowWrites?: boolean;
  junit?: string;
  totalTimeout?: string;
}

/** `--total-timeout`: whole milliseconds within its bounds, else a usage error. */
function totalTimeout(text: string | undefined): number {
  if (text === undefined) return VERIFY_TOTAL_TIMEOUT.default;
  const value = /^[0-9]+$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= VERIFY_TOTAL_TIMEOUT.min && value <= VERIFY_TOTAL_TIMEOUT.max)) {
    throw usageError(`--total-timeout must be whole milliseconds from ${VERIFY_TOTAL_TIMEOUT.min} to ${VERIFY_TOTAL_TIMEOUT.max}, got "${terminalSafe(text)}"`);
  }
  return value;
}

/** The JUnit file: written whole (never half), readable by the CI that collects it; it holds no key. */
async function writeJunit(path: string, report: ConformanceReport, seconds: number): Promise<void> {
  try {
    await writeFileAtomically(path, renderJunit(report, seconds), 0o644);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
    throw usageError(`--junit ${terminalSafe(path)}: cannot write the file (${code})`);
  }
}

/** The exit of a finished run: 3 for a refused key, 7 for no answer, a service not serving or the run's time spent, 1 for a contract violation, else 0. */
function verdict(report: ConformanceReport): CliError | undefined {
  const { stopped, summary } = report;
  if (stopped?.reason === 'unauthorized') {
    return new CliError(`${stopped.message}: check the API key of the profile (petstore auth status)`, EXIT.configuration, 'unauthorized', stopped.requestId);
  }
  if (stopped?.reason === 'timeout') return new CliError(`${stopped.message} (--total-timeout)`, EXIT.retryable, 'timeout', stopped.requestId);
  if (stopped) return new CliError(stopped.message, EXIT.retryable, stopped.reason === 'network' ? 'connection_failed' : 'unavailable', stopped.requestId);
  if (summary.fail > 0) return new CliError(`${summary.fail} case${summary.fail === 1 ? '' : 's'} violate the contract (see the report)`, EXIT.unexpected, 'contract_violation');
  return undefined;
}

/**
 * `petstore verify`: the contract's cases against the profile's base URL.
 * Writes (POST /pets) only to a loopback address or with --allow-writes.
 */
export async function verify(context: CommandContext, flags: VerifyFlags): Promise<void> {
  const totalTimeoutMs = totalTimeout(flags.totalTimeout);
  const { baseUrl, apiKey } = await context.settings();
  const timeoutMs = requestTimeout(context.options.timeout);
  const allowWrites = flags.allowWrites === true || isLoopbackUrl(baseUrl);
  const { runCases } = await import('@petstore/sdk/conformance');
  const fetch = await proxiedFetch(context.io.env);
  const started = performance.now();
  const report = await runCases({
    ...(fetch && { fetch }),
    userAgent: PRODUCT_TOKEN,
    baseUrl,
    apiKey,
    allowWrites,
    writeSkipReason: `writes are permanent and ${new URL(baseUrl).host} is not a loopback address; pass --allow-writes to send them`,
    runId: randomBytes(4).toString('hex'),
    timeoutMs,
    totalTimeoutMs,
    maxRequests: VERIFY_MAX_REQUESTS,
    // --debug's lines, written as the client's are.
    logger: context.logger,
  });
  const seconds = (performance.now() - started) / 1000;
  // The report first: a JUnit file that cannot be written does not lose it.
  if (context.format === 'json' || context.format === 'ndjson') await context.outJson(`${stringifyJson(report, context.format === 'json' ? 2 : undefined)}\n`);
  else context.out(renderVerifyReport(report, await context.paint()));
  if (flags.junit !== undefined) await writeJunit(flags.junit, report, seconds);
  const failure = verdict(report);
  if (failure) throw failure;
}
