import { configError } from '../cli-error.js';
import type { ConfigStore } from './config-store.js';
import { BUILT_IN_PROFILES, DEFAULT_PROFILE, PROFILE_NAME } from './profiles.js';

/** Where a setting came from, for `auth status` and `config list`. */
export type Source = 'flag' | 'environment' | 'config file' | 'credentials file' | 'default';

export interface Settings {
  profile: string;
  baseUrl: string;
  apiKey: string;
  sources: { profile: Source; baseUrl: Source; apiKey: Source };
}

export interface GlobalFlags {
  profile?: string | undefined;
  baseUrl?: string | undefined;
}

/** The current profile: flag > PETSTORE_PROFILE > config file > `mock`. */
export async function resolveProfile(
  flags: GlobalFlags,
  env: Readonly<Record<string, string | undefined>>,
  store: ConfigStore,
): Promise<{ profile: string; source: Source }> {
  const [profile, source]: [string, Source] = flags.profile
    ? [flags.profile, 'flag']
    : env['PETSTORE_PROFILE']
      ? [env['PETSTORE_PROFILE'], 'environment']
      : await store.readConfig().then((config): [string, Source] => (config.profile ? [config.profile, 'config file'] : [DEFAULT_PROFILE, 'default']));
  if (!PROFILE_NAME.test(profile)) throw configError(`profile "${profile}" is not a valid name (lower-case letters, digits, dashes)`);
  return { profile, source };
}

/** The base URL for a profile: flag > PETSTORE_BASE_URL > config file > built-in default. */
export async function resolveBaseUrl(
  flags: GlobalFlags,
  env: Readonly<Record<string, string | undefined>>,
  store: ConfigStore,
  profile: string,
): Promise<{ baseUrl: string; source: Source }> {
  const config = await store.readConfig();
  const candidates: [string | undefined, Source][] = [
    [flags.baseUrl, 'flag'],
    [env['PETSTORE_BASE_URL'], 'environment'],
    [config.profiles?.[profile]?.baseUrl, 'config file'],
    [BUILT_IN_PROFILES[profile]?.baseUrl, 'default'],
  ];
  const [baseUrl, source] = candidates.find(([value]) => value) ?? [];
  if (!baseUrl || !source) {
    throw configError(
      `no base URL for profile "${profile}": set one with \`petstore config set base-url URL --profile ${profile}\`, or pass --base-url, or set PETSTORE_BASE_URL`,
    );
  }
  if (!URL.canParse(baseUrl)) throw configError(`base URL "${baseUrl}" (from the ${source}) is not an absolute URL`);
  return { baseUrl, source };
}

/**
 * Everything a request needs, each setting by the same precedence: flag >
 * environment > config file > built-in default. The key has no flag: a key on
 * the command line would show in the process list and the shell history.
 */
export async function resolveSettings(
  flags: GlobalFlags,
  env: Readonly<Record<string, string | undefined>>,
  store: ConfigStore,
): Promise<Settings> {
  const { profile, source: profileSource } = await resolveProfile(flags, env, store);
  const [{ baseUrl, source: baseUrlSource }, credentials] = await Promise.all([
    resolveBaseUrl(flags, env, store, profile),
    store.readCredentials(),
  ]);
  const keyCandidates: [string | undefined, Source][] = [
    [env['PETSTORE_API_KEY'], 'environment'],
    [credentials.profiles?.[profile]?.apiKey, 'credentials file'],
    [BUILT_IN_PROFILES[profile]?.apiKey, 'default'],
  ];
  const [apiKey, apiKeySource] = keyCandidates.find(([value]) => value) ?? [];
  if (!apiKey || !apiKeySource) {
    throw configError(`no API key for profile "${profile}": run \`petstore auth login --profile ${profile}\`, or set PETSTORE_API_KEY`);
  }
  return { profile, baseUrl, apiKey, sources: { profile: profileSource, baseUrl: baseUrlSource, apiKey: apiKeySource } };
}

/** `dev-…y42`: enough to recognise a key, not enough to use it. */
export function maskKey(key: string): string {
  return key.length <= 8 ? '****' : `${key.slice(0, 4)}…${key.slice(-3)}`;
}
