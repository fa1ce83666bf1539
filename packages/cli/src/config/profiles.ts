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
