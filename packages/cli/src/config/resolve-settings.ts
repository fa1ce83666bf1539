import { configError, usageError } from '../errors/cli-error.js';
import { terminalSafe } from '../output/escape.js';
import { findApiKey, noApiKeyError, type ApiKeySource } from './api-key.js';
import { baseUrlFrom } from './base-url.js';
import type { ConfigStore } from './config-store.js';
import { builtInProfile, DEFAULT_PROFILE, PROFILE_NAME, PROFILE_NAME_RULE, profileEntry } from './profiles.js';

export { maskKey } from './api-key.js';

/** Where a setting came from, for `auth status` and `config list`. */
export type Source = 'flag' | 'environment' | 'config file' | ApiKeySource;

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

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The current profile: flag > PETSTORE_PROFILE > config file > `mock`. A bad
 * name typed as a flag is a usage error (exit 2); from the environment, a
 * configuration error (exit 3); the config file's is checked with the file.
 */
export async function resolveProfile(flags: GlobalFlags, env: Env, store: ConfigStore): Promise<{ profile: string; source: Source }> {
  // Read even when a flag decides: a broken config.json is reported, whatever the command.
  const config = await store.readConfig();
  if (flags.profile !== undefined) {
    if (!PROFILE_NAME.test(flags.profile)) throw usageError(`--profile must be ${PROFILE_NAME_RULE}, got "${terminalSafe(flags.profile)}"`);
    return { profile: flags.profile, source: 'flag' };
  }
  const fromEnv = env['PETSTORE_PROFILE'];
  if (fromEnv) {
    if (!PROFILE_NAME.test(fromEnv)) throw configError(`PETSTORE_PROFILE must be ${PROFILE_NAME_RULE}, got "${terminalSafe(fromEnv)}"`);
    return { profile: fromEnv, source: 'environment' };
  }
  return config.profile ? { profile: config.profile, source: 'config file' } : { profile: DEFAULT_PROFILE, source: 'default' };
}

/**
 * The base URL for a profile: flag > PETSTORE_BASE_URL > config file >
 * built-in default, each checked by the same rule (checkBaseUrl) and
 * normalised; `undefined` when no source gives one. An empty
 * PETSTORE_BASE_URL counts as unset; an empty flag is refused.
 */
export async function findBaseUrl(flags: GlobalFlags, env: Env, store: ConfigStore, profile: string): Promise<{ baseUrl: string; source: Source } | undefined> {
  const { profiles } = await store.readConfig();
  if (flags.baseUrl !== undefined) return { baseUrl: baseUrlFrom(flags.baseUrl, { source: 'flag' }), source: 'flag' };
  const fromEnv = env['PETSTORE_BASE_URL'];
  if (fromEnv) return { baseUrl: baseUrlFrom(fromEnv, { source: 'environment' }), source: 'environment' };
  const configured = profileEntry(profiles, profile)?.baseUrl;
  if (configured !== undefined) {
    return { baseUrl: baseUrlFrom(configured, { source: 'config file', path: store.configPath, profile }), source: 'config file' };
  }
  const builtIn = builtInProfile(profile)?.baseUrl;
  return builtIn === undefined ? undefined : { baseUrl: builtIn, source: 'default' };
}

/** `findBaseUrl`, failing with what to do when there is none. */
export async function resolveBaseUrl(flags: GlobalFlags, env: Env, store: ConfigStore, profile: string): Promise<{ baseUrl: string; source: Source }> {
  const found = await findBaseUrl(flags, env, store, profile);
  if (!found) throw noBaseUrlError(profile);
  return found;
}

export const noBaseUrlError = (profile: string) =>
  configError(`no base URL for profile "${profile}": set one with \`petstore config set base-url URL --profile ${profile}\`, or pass --base-url, or set PETSTORE_BASE_URL`);

/**
 * Everything a request needs, each setting by the same precedence: flag >
 * environment > config file > built-in default. The key has no flag: a key on
 * the command line would show in the process list and the shell history.
 */
export async function resolveSettings(flags: GlobalFlags, env: Env, store: ConfigStore): Promise<Settings> {
  const { profile, source: profileSource } = await resolveProfile(flags, env, store);
  const { baseUrl, source: baseUrlSource } = await resolveBaseUrl(flags, env, store, profile);
  const key = await findApiKey(env, store, profile, baseUrl);
  if (!key) throw noApiKeyError(profile, baseUrl);
  return { profile, baseUrl, apiKey: key.apiKey, sources: { profile: profileSource, baseUrl: baseUrlSource, apiKey: key.source } };
}
