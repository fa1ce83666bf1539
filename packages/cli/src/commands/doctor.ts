import { findApiKey, noApiKeyError } from '../config/api-key.js';
import { findBaseUrl, noBaseUrlError, resolveProfile } from '../config/resolve-settings.js';
import { checkExtraCaCerts } from '../doctor/extra-ca-certs.js';
import { DOCTOR_ITEMS, type DoctorItem, type DoctorReport, type Missing } from '../doctor/doctor-report.js';
import { doctorText } from '../doctor/doctor-text.js';
import type { CallSettings } from '../errors/explain-no-answer.js';
import { toFailure } from '../errors/to-exit.js';
import { stringifyJson } from '../output/escape.js';
import { VERSION } from '../tables/version.js';
import { proxyVariableSet, requestTimeout, type CommandContext } from './context.js';

const NO_PROXY_IN_USE = { url: null, source: null, noProxyRule: null };

/** The items' failures as the report goes, and the items not found (none given, or not known because an earlier item is broken). */
interface Findings {
  failures: { item: DoctorItem; error: unknown }[];
  missing: Missing;
  /** `work`'s result, or undefined with its error kept as the item's problem. */
  settle<T>(item: DoctorItem, work: () => Promise<T>): Promise<T | undefined>;
}

function createFindings(): Findings {
  const failures: Findings['failures'] = [];
  return {
    failures,
    missing: {},
    settle: async (item, work) => {
      try {
        return await work();
      } catch (error) {
        failures.push({ item, error });
        return undefined;
      }
    },
  };
}

/** The profile, the base URL and the key, each with its source, as the next command would find them. */
async function findSettings({ io: { env }, options, store }: CommandContext, { settle, missing }: Findings) {
  const profile = await settle('profile', () => resolveProfile(options, env, store));
  const byFlagOrEnvironment = options.baseUrl !== undefined || Boolean(env['PETSTORE_BASE_URL']);
  const base = await settle('baseUrl', async () => {
    if (!profile && !byFlagOrEnvironment) {
      missing.baseUrl = 'profile';
      return undefined;
    }
    // Without a profile only the flag and the variable are read (checked above): the name is not used.
    const found = await findBaseUrl(options, env, store, profile?.profile ?? '');
    if (!found) {
      missing.baseUrl = 'none';
      throw noBaseUrlError(profile?.profile ?? '');
    }
    return found;
  });
  // Known to be none is known: a key can be looked up for no base URL (only the built-in key needs one).
  const baseUrlKnown = base !== undefined || missing.baseUrl === 'none';
  const key = await settle('apiKey', async () => {
    // PETSTORE_API_KEY is read first, whatever the profile: only the other sources need it, and the built-in key the base URL.
    if (!env['PETSTORE_API_KEY'] && (!profile || !baseUrlKnown)) {
      missing.apiKey = profile ? 'baseUrl' : 'profile';
      return undefined;
    }
    const found = await findApiKey(env, store, profile?.profile ?? '', base?.baseUrl);
    if (!found) {
      missing.apiKey = 'none';
      throw noApiKeyError(profile?.profile ?? '', base?.baseUrl);
    }
    return found;
  });
  return { profile, base, key };
}

type Settings = Awaited<ReturnType<typeof findSettings>>;

/** The proxy for the base URL, and whether the proxy variables would stop a command. */
async function findProxy(env: CommandContext['io']['env'], base: Settings['base'], { settle, missing }: Findings): Promise<DoctorReport['proxy'] | undefined> {
  const proxyModule = proxyVariableSet(env) ? await import('@petstore/sdk/node') : undefined;
  const proxy = await settle('proxy', async (): Promise<DoctorReport['proxy']> => {
    // With no proxy variable at all every URL goes direct, whatever the base URL.
    if (!proxyModule) return NO_PROXY_IN_USE;
    if (!base) {
      missing.proxy = 'baseUrl';
      return null;
    }
    const choice = proxyModule.proxyFor(new URL(base.baseUrl), env);
    return { url: choice.proxy ? proxyModule.redactProxyUrl(choice.proxy) : null, source: choice.source ?? null, noProxyRule: choice.noProxyRule ?? null };
  });
  // A broken variable for the other scheme stops every command too (see proxiedFetch), so it is the proxy's problem here.
  if (proxyModule && proxy !== undefined) await settle('proxy', async () => proxyModule.checkProxyEnvironment(env));
  return proxy;
}

/** The report's settings, before the request. */
function reportOf({ profile, base, key }: Settings, proxy: DoctorReport['proxy'] | undefined, extraCaCerts: DoctorReport['extraCaCerts']): DoctorReport {
  return {
    node: process.version,
    cli: VERSION,
    profile: profile ? { name: profile.profile, source: profile.source } : null,
    baseUrl: base ? { url: base.baseUrl, source: base.source } : null,
    apiKey: key ? { source: key.source } : null,
    proxy: proxy ?? null,
    extraCaCerts,
    request: null,
    problems: [],
  };
}

/** The one request, `GET /pets?limit=1`, with no retries: its status, time and request id go in the report. Returns what run() would word a failure with. */
async function sendRequest(context: CommandContext, baseUrl: string, report: DoctorReport, { settle }: Findings): Promise<CallSettings | undefined> {
  const url = `${baseUrl}/pets?limit=1`;
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  let call: CallSettings | undefined;
  await settle('request', async () => {
    const client = await context.client();
    // For the explanation of a failure without an answer, as run() words it.
    call = { baseUrl, timeout: requestTimeout(context.options.timeout) };
    try {
      const { response, requestId } = await client.pets.list({ limit: 1 }, { maxRetries: 0 }).withResponse();
      report.request = { method: 'GET', url, status: response.status, ms: ms(), requestId: requestId ?? null };
    } catch (error) {
      // An error status still answered: its status and request id are told (the SDK's errors carry both, the id even without an answer).
      const { status, requestId } = error as { status?: unknown; requestId?: unknown };
      report.request = { method: 'GET', url, status: typeof status === 'number' ? status : null, ms: ms(), requestId: typeof requestId === 'string' ? requestId : null };
      throw error;
    }
  });
  return call;
}

/** Each problem in the words of the error a command would print, in the report's order. */
function problemsOf({ failures }: Findings, call: CallSettings | undefined, extraCaCerts: DoctorReport['extraCaCerts']): DoctorReport['problems'] {
  const problems = failures.map(({ item, error }) => ({ item, message: toFailure(error, call).message }));
  if (extraCaCerts?.problem) problems.push({ item: 'extraCaCerts', message: extraCaCerts.problem });
  return problems.sort((a, b) => DOCTOR_ITEMS.indexOf(a.item) - DOCTOR_ITEMS.indexOf(b.item));
}

/**
 * `petstore doctor`: what the next command would use and where each setting
 * came from (never the key), then one request, `GET /pets?limit=1`, with its
 * status, time and request id. Each item is found on its own, so that one
 * broken setting does not hide the others: each problem is reported with the
 * item it concerns, and the first one sets the exit code as it would for any
 * command (3 configuration, 4 the key refused, 7 no answer…). A problem with
 * NODE_EXTRA_CA_CERTS is reported but does not set the exit code: Node.js
 * runs without the file, and what that costs shows in the request.
 */
export async function doctor(context: CommandContext): Promise<void> {
  const { env } = context.io;
  const findings = createFindings();
  const settings = await findSettings(context, findings);
  const proxy = await findProxy(env, settings.base, findings);
  const caFile = env['NODE_EXTRA_CA_CERTS'];
  const extraCaCerts = caFile ? await checkExtraCaCerts(caFile) : null;
  const report = reportOf(settings, proxy, extraCaCerts);
  // The request only once every setting it needs is found; else the first broken one is why it was not sent.
  const firstFailure = findings.failures[0];
  if (firstFailure) findings.missing.request = firstFailure.item;
  const call = !firstFailure && settings.base ? await sendRequest(context, settings.base.baseUrl, report, findings) : undefined;
  report.problems = problemsOf(findings, call, extraCaCerts);
  if (context.format === 'json' || context.format === 'ndjson') await context.outJson(`${stringifyJson(report)}\n`);
  else context.out(doctorText(report, findings.missing));
  const first = findings.failures[0];
  if (first) throw first.error;
}
