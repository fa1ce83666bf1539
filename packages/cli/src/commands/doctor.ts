import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { findApiKey, noApiKeyError } from '../config/api-key.js';
import { findBaseUrl, noBaseUrlError, resolveProfile, type Source } from '../config/resolve-settings.js';
import { stringifyJson, terminalSafe } from '../output/escape.js';
import { VERSION } from '../startup/version.js';
import { proxyVariableSet, type CommandContext } from './context.js';

/** What `petstore doctor` found: each setting with where it came from. `null` where it is unknown or unset. */
export interface DoctorReport {
  node: string;
  cli: string;
  profile: { name: string; source: Source } | null;
  baseUrl: { url: string; source: Source } | null;
  apiKey: { source: Source } | null;
  /** The proxy for the base URL: its URL (password hidden) and variable, or the NO_PROXY rule that bypasses it. */
  proxy: { url: string | null; source: string | null; noProxyRule: string | null } | null;
  extraCaCerts: { file: string; readable: boolean; problem: string | null } | null;
  /** The one request; `status` null when no answer came. */
  request: { method: 'GET'; url: string; status: number | null; ms: number; requestId: string | null } | null;
}

/** The variable or flag behind each source, for the text report. */
const SOURCE_WORDS: Record<'profile' | 'baseUrl' | 'apiKey', Partial<Record<Source, string>>> = {
  profile: { flag: '--profile', environment: 'PETSTORE_PROFILE', 'config file': 'config file', default: 'default' },
  baseUrl: { flag: '--base-url', environment: 'PETSTORE_BASE_URL', 'config file': "the profile's, config file", default: "the profile's default" },
  apiKey: { environment: 'PETSTORE_API_KEY', 'credentials file': 'credentials file', default: "the profile's built-in key" },
};

/** NODE_EXTRA_CA_CERTS, and whether Node.js could read it (it reads the file once, at start-up, and only warns when it cannot). */
async function extraCaCerts(file: string | undefined): Promise<DoctorReport['extraCaCerts']> {
  if (!file) return null;
  try {
    await access(file, constants.R_OK);
    if (!(await stat(file)).isFile()) return { file, readable: false, problem: 'not a regular file' };
    return { file, readable: true, problem: null };
  } catch (error) {
    return { file, readable: false, problem: (error as NodeJS.ErrnoException).code ?? 'unreadable' };
  }
}

/** The proxy the client uses for `baseUrl`, read as it reads it (loaded only when a proxy variable is set). */
async function proxyOf(baseUrl: string, env: CommandContext['io']['env']): Promise<NonNullable<DoctorReport['proxy']>> {
  if (!proxyVariableSet(env)) return { url: null, source: null, noProxyRule: null };
  const { proxyFor, redactProxyUrl } = await import('@petstore/sdk/node');
  const choice = proxyFor(new URL(baseUrl), env);
  return { url: choice.proxy ? redactProxyUrl(choice.proxy) : null, source: choice.source ?? null, noProxyRule: choice.noProxyRule ?? null };
}

function textReport(report: DoctorReport, baseUrl: string | undefined): string {
  const from = (kind: keyof typeof SOURCE_WORDS, source: Source) => SOURCE_WORDS[kind][source] ?? source;
  const scheme = baseUrl?.startsWith('https:') ? 'HTTPS_PROXY or https_proxy' : 'HTTP_PROXY or http_proxy';
  const { proxy, extraCaCerts: ca, request } = report;
  const lines: [string, string][] = [
    ['Node.js', `${report.node} (petstore ${report.cli})`],
    ['profile', report.profile ? `${report.profile.name} (${from('profile', report.profile.source)})` : 'unknown'],
    ['base URL', report.baseUrl ? `${report.baseUrl.url} (${from('baseUrl', report.baseUrl.source)})` : 'none'],
    ['API key', report.apiKey ? `from ${from('apiKey', report.apiKey.source)}` : 'none'],
    [
      'proxy',
      !proxy
        ? 'unknown'
        : proxy.url
          ? `${proxy.url} (from ${proxy.source})`
          : proxy.noProxyRule
            ? `none: ${proxy.source} rule "${proxy.noProxyRule}" matches the base URL`
            : `none (no ${scheme} set)`,
    ],
    ['CA certificates', ca ? `NODE_EXTRA_CA_CERTS=${ca.file} (${ca.readable ? 'readable' : `not readable: ${ca.problem}`})` : "Node.js's own (NODE_EXTRA_CA_CERTS not set)"],
    [
      'request',
      !request
        ? 'not sent'
        : request.status === null
          ? `${request.method} ${request.url} → no answer after ${request.ms} ms`
          : `${request.method} ${request.url} → ${request.status} in ${request.ms} ms, request id ${request.requestId ?? 'none'}`,
    ],
  ];
  return lines.map(([name, value]) => `${terminalSafe(`${name.padEnd(16)}${value}`)}\n`).join('');
}

/**
 * `petstore doctor`: what the next command would use and where each setting
 * came from (never the key), then one request, `GET /pets?limit=1`, with its
 * status, time and request id. The report is printed whatever fails; the
 * failure then sets the exit code as for any command (3 configuration, 4 the
 * key refused, 7 no answer…).
 */
export async function doctor(context: CommandContext): Promise<void> {
  const { env } = context.io;
  const report: DoctorReport = {
    node: process.version,
    cli: VERSION,
    profile: null,
    baseUrl: null,
    apiKey: null,
    proxy: null,
    extraCaCerts: await extraCaCerts(env['NODE_EXTRA_CA_CERTS']),
    request: null,
  };
  let base: { baseUrl: string; source: Source } | undefined;
  try {
    const profile = await resolveProfile(context.options, env, context.store);
    report.profile = { name: profile.profile, source: profile.source };
    base = await findBaseUrl(context.options, env, context.store, profile.profile);
    if (!base) throw noBaseUrlError(profile.profile);
    report.baseUrl = { url: base.baseUrl, source: base.source };
    report.proxy = await proxyOf(base.baseUrl, env);
    const key = await findApiKey(env, context.store, profile.profile, base.baseUrl);
    if (!key) throw noApiKeyError(profile.profile, base.baseUrl);
    report.apiKey = { source: key.source };
    const client = await context.client();
    const url = `${base.baseUrl}/pets?limit=1`;
    const started = performance.now();
    const ms = () => Math.round(performance.now() - started);
    try {
      const { response, requestId } = await client.pets.list({ limit: 1 }, { maxRetries: 0 }).withResponse();
      report.request = { method: 'GET', url, status: response.status, ms: ms(), requestId: requestId ?? null };
    } catch (error) {
      // An error status still answered: its status and request id are told (the SDK's ApiError carries both).
      const { status, requestId } = error as { status?: unknown; requestId?: unknown };
      report.request = { method: 'GET', url, status: typeof status === 'number' ? status : null, ms: ms(), requestId: typeof requestId === 'string' ? requestId : null };
      throw error;
    }
  } finally {
    const json = context.format === 'json' || context.format === 'ndjson';
    if (json) await context.outJson(`${stringifyJson(report)}\n`);
    else context.out(textReport(report, base?.baseUrl));
  }
}
