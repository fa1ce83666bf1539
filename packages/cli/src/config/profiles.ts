/** The profiles `petstore` knows without configuration. */
export const BUILT_IN_PROFILES: Readonly<Record<string, { baseUrl?: string; apiKey?: string }>> = {
  // The local mock server (petstore-mock) and its public development key.
  mock: { baseUrl: 'http://127.0.0.1:4010/v1', apiKey: 'dev-petstore-key42' },
  // The specification gives no hosts: their base URLs come from configuration.
  production: {},
  staging: {},
};

/** The profile used when none is chosen: the local mock, so a first `petstore pets list` works. */
export const DEFAULT_PROFILE = 'mock';

export const PROFILE_NAME = /^[a-z][a-z0-9-]{0,31}$/;

/** What a profile name must be, for messages. */
export const PROFILE_NAME_RULE = 'lower-case letters, digits and dashes, starting with a letter, at most 32';

/** A profile's entry in a `profiles` object, never an Object.prototype member (a profile may be named `constructor`). */
export const profileEntry = <Entry>(profiles: Readonly<Record<string, Entry>> | undefined, name: string): Entry | undefined =>
  profiles && Object.hasOwn(profiles, name) ? profiles[name] : undefined;

/** `profiles` without `name`'s entry. */
export function profilesWithout<Entry>(profiles: Readonly<Record<string, Entry>> | undefined, name: string): Record<string, Entry> {
  const { [name]: _removed, ...rest } = profiles ?? {};
  return rest;
}

/** The built-in profile of this name, if there is one. */
export function builtInProfile(name: string): { baseUrl?: string; apiKey?: string } | undefined {
  return profileEntry(BUILT_IN_PROFILES, name);
}

/**
 * A built-in key is sent only to its own built-in base URL: the mock's public
 * development key goes to `http://127.0.0.1:4010/v1` and nowhere else, so
 * pointing the `mock` profile at another server (--base-url, PETSTORE_BASE_URL,
 * config.json) asks for a key instead of handing the public one to a stranger
 * and failing with a 401. `baseUrl` is normalised (see checkBaseUrl).
 */
export function builtInApiKey(profile: string, baseUrl: string | undefined): string | undefined {
  const builtIn = builtInProfile(profile);
  return builtIn?.apiKey !== undefined && baseUrl === builtIn.baseUrl ? builtIn.apiKey : undefined;
}
