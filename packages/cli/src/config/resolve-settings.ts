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
  const [config, credentials] = await Promise.all([store.readConfig(), store.readCredentials()]);
  const builtIn = BUILT_IN_PROFILES[profile] ?? {};

  const baseUrlCandidates: [string | undefined, Source][] = [
    [flags.baseUrl, 'flag'],
    [env['PETSTORE_BASE_URL'], 'environment'],
    [config.profiles?.[profile]?.baseUrl, 'config file'],
    [builtIn.baseUrl, 'default'],
  ];
  const [baseUrl, baseUrlSource] = baseUrlCandidates.find(([value]) => value) ?? [];
  if (!baseUrl || !baseUrlSource) {
    throw configError(
      `no base URL for profile "${profile}": set one with \`petstore config set base-url URL --profile ${profile}\`, or pass --base-url, or set PETSTORE_BASE_URL`,
    );
  }
  if (!URL.canParse(baseUrl)) throw configError(`base URL "${baseUrl}" (from the ${baseUrlSource}) is not an absolute URL`);

  const keyCandidates: [string | undefined, Source][] = [
    [env['PETSTORE_API_KEY'], 'environment'],
    [credentials.profiles?.[profile]?.apiKey, 'credentials file'],
    [builtIn.apiKey, 'default'],
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
