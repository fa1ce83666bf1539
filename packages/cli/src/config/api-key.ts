import * as z from 'zod/mini';
import { configError, type CliError } from '../errors/cli-error.js';
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

/** A key at least this long shows its first 4 and last 3 characters (at most 7 of 16: less than half). */
const LONG_KEY = 16;

/**
 * `dev-…y42`: enough to recognise a key, never enough to guess it. A long key
 * shows its first 4 and last 3 characters; a shorter one only its last quarter
 * at most (`****42` for 8 to 11 characters, `****` below 4), so at least half
 * of any key, and three quarters of a short one, stays hidden.
 */
export function maskKey(key: string): string {
  if (key.length >= LONG_KEY) return `${key.slice(0, 4)}…${key.slice(-3)}`;
  const shown = Math.min(3, Math.floor(key.length / 4));
  return `****${shown === 0 ? '' : key.slice(-shown)}`;
}
