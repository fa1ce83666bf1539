import { randomBytes } from 'node:crypto';
import { parseServiceProfile, PROFILE_MAX_BYTES, type ServiceProfile } from '@petstore/sdk/contract';
import type { ConformanceReport } from '@petstore/sdk/conformance';
import { readRegularFile } from '../io/read-regular-file.js';
import { writeFileAtomically } from '../config/write-file-atomically.js';
import { CliError, usageError } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';
import { stringifyJson, terminalSafe } from '../output/escape.js';
import { renderJunit } from '../verify/junit.js';
import { isLoopbackUrl } from '../verify/loopback.js';
import { failedCases, renderVerifyReport } from '../verify/render-verify.js';
import { VERIFY_MAX_REQUESTS, VERIFY_TOTAL_TIMEOUT } from '../verify/verify-limits.js';
import { proxiedFetch, requestTimeout, type CommandContext } from './context.js';
import { PRODUCT_TOKEN } from '../tables/version.js';

export interface VerifyFlags {
  allowWrites?: boolean;
  junit?: string;
  totalTimeout?: string;
  writeProfile?: string;
  expectProfile?: string;
}

/** `--expect-profile FILE`: a service profile, bounded and checked; a refusal names the flag, the file and the field. */
async function readProfile(path: string): Promise<ServiceProfile> {
  const what = `--expect-profile ${terminalSafe(path)}`;
  const text = await readRegularFile(path, PROFILE_MAX_BYTES, what);
  try {
    return parseServiceProfile(text);
  } catch (error) {
    throw usageError(`${what}: ${terminalSafe((error as Error).message)}`);
  }
}

/** The profile file: written whole, readable by the CI that keeps it; it holds no key. */
async function writeProfile(path: string, profile: ServiceProfile): Promise<void> {
  try {
    await writeFileAtomically(path, `${JSON.stringify(profile, null, 2)}\n`, 0o644);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
    throw usageError(`--write-profile ${terminalSafe(path)}: cannot write the file (${code})`);
  }
}

/** What --write-profile wrote, a line each, for the person who ran it (on stderr: stdout is the report). */
function profileSummary(path: string, profile: ServiceProfile): string[] {
  const observed = Object.keys(profile.choices).length;
  const reasons = (kind: string, reasons: Partial<Record<string, string>> = {}) => Object.entries(reasons).map(([name, why]) => `  ${kind}: ${name}: ${terminalSafe(why ?? '')}`);
  return [`service profile written to ${terminalSafe(path)}: ${observed} choice${observed === 1 ? '' : 's'} observed`, ...reasons('not observed', profile.unobserved), ...reasons('inconsistent', profile.inconsistent)];
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
  const { stopped } = report;
  if (stopped?.reason === 'unauthorized') {
    return new CliError(`${stopped.message}: check the API key of the profile (petstore auth status)`, EXIT.configuration, 'unauthorized', stopped.requestId);
  }
  if (stopped?.reason === 'timeout') return new CliError(`${stopped.message} (--total-timeout)`, EXIT.retryable, 'timeout', stopped.requestId);
  if (stopped) return new CliError(stopped.message, EXIT.retryable, stopped.reason === 'network' ? 'connection_failed' : 'unavailable', stopped.requestId);
  // A case that both drifted and broke the contract is a contract violation first.
  const { violations, drifted } = failedCases(report);
  if (violations > 0) return new CliError(`${violations} case${violations === 1 ? '' : 's'} violate the contract (see the report)`, EXIT.unexpected, 'contract_violation');
  if (drifted > 0) return new CliError(`${drifted} case${drifted === 1 ? '' : 's'} drifted from the service profile (see the report)`, EXIT.unexpected, 'profile_drift');
  return undefined;
}

/**
 * `petstore verify`: the contract's cases against the profile's base URL.
 * Writes (POST /pets) only to a loopback address or with --allow-writes.
 */
export async function verify(context: CommandContext, flags: VerifyFlags): Promise<void> {
  const totalTimeoutMs = totalTimeout(flags.totalTimeout);
  const profile = flags.expectProfile === undefined ? undefined : await readProfile(flags.expectProfile);
  const { baseUrl, apiKey } = await context.settings();
  const timeoutMs = requestTimeout(context.options.timeout);
  const allowWrites = flags.allowWrites === true || isLoopbackUrl(baseUrl);
  const { PROFILE_CASES, profileFromReport, runCases } = await import('@petstore/sdk/conformance');
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
    ...(profile && { profile }),
    // Learning a profile needs only the cases that show a choice; holding a service to one runs them all.
    ...(flags.writeProfile !== undefined && profile === undefined && { cases: PROFILE_CASES }),
  });
  const seconds = (performance.now() - started) / 1000;
  // The report first: a JUnit file that cannot be written does not lose it.
  if (context.format === 'json' || context.format === 'ndjson') await context.outJson(`${stringifyJson(report, context.format === 'json' ? 2 : undefined)}\n`);
  else context.out(await renderVerifyReport(report, await context.paint()));
  if (flags.junit !== undefined) await writeJunit(flags.junit, report, seconds);
  // A run that stopped early observed too little to write down.
  if (flags.writeProfile !== undefined && !report.stopped) {
    const written = profileFromReport(report, new Date().toISOString());
    await writeProfile(flags.writeProfile, written);
    for (const line of profileSummary(flags.writeProfile, written)) context.note(line);
  }
  const failure = verdict(report);
  if (failure) throw failure;
}
