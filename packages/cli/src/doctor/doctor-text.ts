import type { DoctorItem, DoctorReport, Missing } from './doctor-report.js';
import type { Source } from '../config/resolve-settings.js';
import { terminalSafe } from '../output/escape.js';

/** Each item's name in the text report. */
const LABELS: Record<DoctorItem, string> = {
  profile: 'profile',
  baseUrl: 'base URL',
  apiKey: 'API key',
  proxy: 'proxy',
  extraCaCerts: 'CA certificates',
  request: 'request',
};

/** The variable or flag behind each source, for the text report. */
const SOURCE_WORDS: Record<'profile' | 'baseUrl' | 'apiKey', Partial<Record<Source, string>>> = {
  profile: { flag: '--profile', environment: 'PETSTORE_PROFILE', 'config file': 'config file', default: 'default' },
  baseUrl: { flag: '--base-url', environment: 'PETSTORE_BASE_URL', 'config file': "the profile's, config file", default: "the profile's default" },
  apiKey: { environment: 'PETSTORE_API_KEY', 'credentials file': 'credentials file', default: "the profile's built-in key" },
};

const from = (kind: keyof typeof SOURCE_WORDS, source: Source) => SOURCE_WORDS[kind][source] ?? source;

/** Each item's value in words, or null when it was not found. */
function values(report: DoctorReport): Record<DoctorItem, string | null> {
  const { profile, baseUrl, apiKey, proxy, extraCaCerts: ca, request } = report;
  const scheme = !baseUrl ? 'proxy variable' : baseUrl.url.startsWith('https:') ? 'HTTPS_PROXY or https_proxy' : 'HTTP_PROXY or http_proxy';
  return {
    profile: profile && `${profile.name} (${from('profile', profile.source)})`,
    baseUrl: baseUrl && `${baseUrl.url} (${from('baseUrl', baseUrl.source)})`,
    apiKey: apiKey && `from ${from('apiKey', apiKey.source)}`,
    proxy:
      proxy &&
      (proxy.url
        ? `${proxy.url} (from ${proxy.source})`
        : proxy.noProxyRule
          ? `none: ${proxy.source} rule "${proxy.noProxyRule}" matches the base URL`
          : `none (no ${scheme} set)`),
    extraCaCerts: ca
      ? `NODE_EXTRA_CA_CERTS=${ca.file}${ca.certificates === null ? '' : ` (${ca.certificates} certificate${ca.certificates === 1 ? '' : 's'})`}`
      : "Node.js's own (NODE_EXTRA_CA_CERTS not set)",
    request:
      request &&
      `${request.method} ${request.url} → ${request.status === null ? `no answer after ${request.ms} ms` : `${request.status} in ${request.ms} ms`}, request id ${request.requestId ?? 'none'}`,
  };
}

/** What stands for an item that was not found. */
function absent(item: DoctorItem, missing: Missing): string {
  const why = missing[item];
  if (item === 'request') return why === undefined ? 'not sent' : 'not sent (see the problems above)';
  if (why === 'none') return 'none';
  return why === undefined ? 'unknown' : `unknown (needs the ${LABELS[why]})`;
}

/**
 * The report as aligned lines: each item's value, or what stands for it,
 * then its problem after a dash (`none — no API key for profile …`). The
 * request's failure is explained by the error line that follows on stderr.
 */
export function doctorText(report: DoctorReport, missing: Missing): string {
  const found = values(report);
  const lines = [['Node.js', `${report.node} (petstore ${report.cli})`]];
  for (const item of Object.keys(LABELS) as DoctorItem[]) {
    const problem = item === 'request' ? undefined : report.problems.find((entry) => entry.item === item)?.message;
    const value = found[item] ?? absent(item, missing);
    lines.push([LABELS[item], problem ? `${value} — ${problem}` : value]);
  }
  return lines.map(([name = '', value = '']) => `${terminalSafe(`${name.padEnd(16)}${value}`)}\n`).join('');
}
