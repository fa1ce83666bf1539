import * as z from 'zod/mini';
import { configError, type CliError } from '../cli-error.js';
import { ApiKey } from './config-schema.js';
import type { ConfigStore } from './config-store.js';
import { builtInApiKey, builtInProfile, profileEntry } from './profiles.js';

/** Where a key came from, for `auth status`. */
export type ApiKeySource = 'environment' | 'credentials file' | 'default';

/**
 * The key for a profile at a base URL: PETSTORE_API_KEY > credentials file >
 * the built-in key, which only goes to its own base URL (see builtInApiKey).
 * `undefined` when there is none. The credentials file is read only when the
 * environment gives no key.
 */
export async function findApiKey(
  env: Readonly<Record<string, string | undefined>>,
  store: ConfigStore,
  profile: string,
  baseUrl: string | undefined,
): Promise<{ apiKey: string; source: ApiKeySource } | undefined> {
  const fromEnv = env['PETSTORE_API_KEY'];
  if (fromEnv) {
    if (!z.safeParse(ApiKey, fromEnv).success) throw configError('PETSTORE_API_KEY must be printable ASCII with no spaces or line breaks');
    return { apiKey: fromEnv, source: 'environment' };
  }
  const stored = profileEntry((await store.readCredentials()).profiles, profile)?.apiKey;
  if (stored) return { apiKey: stored, source: 'credentials file' };
  const builtIn = builtInApiKey(profile, baseUrl);
  return builtIn === undefined ? undefined : { apiKey: builtIn, source: 'default' };
}

/** What to do when there is no key: names the profile and the base URL, and both ways to give one. */
export function noApiKeyError(profile: string, baseUrl: string | undefined): CliError {
  const at = baseUrl === undefined ? '' : ` at ${baseUrl}`;
  const builtIn = builtInProfile(profile);
  const why = builtIn?.apiKey !== undefined ? ` (its built-in key is sent only to ${builtIn.baseUrl})` : '';
  return configError(`no API key for profile "${profile}"${at}${why}: set PETSTORE_API_KEY, or run \`petstore auth login --profile ${profile}\``);
}

/** `dev-…y42`: enough to recognise a key, not enough to use it. */
export function maskKey(key: string): string {
  return key.length <= 8 ? '****' : `${key.slice(0, 4)}…${key.slice(-3)}`;
}
