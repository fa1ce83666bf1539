import * as z from 'zod/mini';
import { CliError, configError, usageError } from '../errors/cli-error.js';
import { findApiKey, maskKey, noApiKeyError } from '../config/api-key.js';
import { ApiKey } from '../config/config-schema.js';
import { profileEntry, profilesWithout } from '../config/profiles.js';
import { findBaseUrl, noBaseUrlError, resolveProfile } from '../config/resolve-settings.js';
import { createContext, type CommandContext } from './context.js';
import { EXIT } from '../errors/exit-codes.js';
import { INPUT_LIMITS } from '../io/limits.js';
import { stringifyJson, terminalSafe } from '../output/escape.js';
import { readSecret } from '../io/read-secret.js';
import { readStream } from '../io/read-stream.js';
import { toFailure } from '../errors/to-exit.js';

/** The key from stdin (`--with-token`) or a prompt without echo; checked, never quoted back. */
async function readKey(context: CommandContext, profile: string, withToken: boolean): Promise<string> {
  let key: string;
  if (withToken) {
    key = (await readStream(context.io.stdin, INPUT_LIMITS.token, '--with-token')).trim();
  } else {
    if (!context.io.stdin.isTTY) {
      throw usageError('auth login needs a terminal to prompt for the key; pipe it in with --with-token instead (e.g. `petstore auth login --with-token < key.txt`)');
    }
    key = (await readSecret(context.io, `API key for profile "${profile}": `)).trim();
  }
  if (key === '') throw usageError('no API key given');
  if (!z.safeParse(ApiKey, key).success) throw usageError('an API key is printable ASCII with no spaces or line breaks; check what was pasted');
  return key;
}

/**
 * Sends one request (the first animal) with `key` to the profile's base URL:
 * the settings the next command would use, with this key in place of any other.
 * Refused (401) is exit 4. Any other failure keeps its own exit code (7 for
 * the network, a timeout or a 5xx; 6 for another 4xx) and suggests --no-verify.
 * Nothing is stored unless the service accepted the key.
 */
async function verifyKey(context: CommandContext, key: string, baseUrl: string): Promise<void> {
  const io = { ...context.io, env: { ...context.io.env, PETSTORE_API_KEY: key } };
  try {
    const client = await createContext(io, context.options).client();
    await client.pets.list({ limit: 1 });
  } catch (error) {
    if (error instanceof CliError) throw error;
    const failure = toFailure(error);
    if (failure.exitCode === EXIT.authentication) {
      throw new CliError(`the API key was refused by ${baseUrl} (401); nothing was stored`, EXIT.authentication, failure.code, failure.requestId);
    }
    throw new CliError(
      `could not check the API key with ${baseUrl}: ${failure.message}; nothing was stored. Try again, or store it unchecked with --no-verify`,
      failure.exitCode,
      failure.code,
      failure.requestId,
    );
  }
}

/**
 * `auth login`: checks the key with one request to the profile's base URL
 * (unless --no-verify) and stores it in the credentials file (mode 0600) only
 * if it was accepted.
 */
export async function login(context: CommandContext, flags: { withToken?: boolean; verify?: boolean }): Promise<void> {
  const { env } = context.io;
  const { profile } = await resolveProfile(context.options, env, context.store);
  // The base URL first: no point asking for a key that cannot be checked.
  const checkAt = flags.verify === false ? undefined : await findBaseUrl(context.options, env, context.store, profile);
  if (flags.verify !== false && !checkAt) throw configError(`${noBaseUrlError(profile).message}; or store the key unchecked with --no-verify`);
  const credentials = await context.store.readCredentials();
  const key = await readKey(context, profile, flags.withToken === true);
  if (checkAt) await verifyKey(context, key, checkAt.baseUrl);
  await context.store.writeCredentials({ ...credentials, profiles: { ...credentials.profiles, [profile]: { apiKey: key } } });
  const checked = checkAt ? `accepted by ${checkAt.baseUrl}` : 'not checked (--no-verify)';
  context.note(`API key ${maskKey(key)} ${checked}; stored for profile "${profile}" in ${terminalSafe(context.store.credentialsPath)}.`);
  if (env['PETSTORE_API_KEY']) context.note('Note: PETSTORE_API_KEY is set, and takes precedence over the stored key while it is.');
}

/**
 * `auth status`: the profile, base URL and masked key the next command would
 * use. With no key (or no base URL) it still prints what it knows, `none`
 * (`null` in JSON), and exits 3 saying what to do.
 */
export async function status(context: CommandContext): Promise<void> {
  const { env } = context.io;
  const { profile } = await resolveProfile(context.options, env, context.store);
  const base = await findBaseUrl(context.options, env, context.store, profile);
  const key = await findApiKey(env, context.store, profile, base?.baseUrl);
  const report = {
    profile,
    baseUrl: base?.baseUrl ?? null,
    apiKey: key ? maskKey(key.apiKey) : null,
    apiKeySource: key?.source ?? null,
  };
  if (context.format === 'json' || context.format === 'ndjson') {
    await context.outJson(`${stringifyJson(report)}\n`);
  } else {
    const baseUrlLine = report.baseUrl ?? `none — run \`petstore config set base-url URL --profile ${profile}\``;
    const keyLine = key ? `${maskKey(key.apiKey)} (from the ${key.source})` : `none — run \`petstore auth login --profile ${profile}\`, or set PETSTORE_API_KEY`;
    context.out([`profile   ${profile}`, `base URL  ${baseUrlLine}`, `API key   ${keyLine}`].map((line) => `${terminalSafe(line)}\n`).join(''));
  }
  if (!key) throw noApiKeyError(profile, base?.baseUrl);
  if (!base) throw noBaseUrlError(profile);
}

/**
 * `auth token`: the key the next command would send, for a script (as `gh auth
 * token`), on stdout and nothing else: to anything but a terminal (a pipe, or a
 * file the user redirected it to). On a terminal only with --show: a key on
 * the screen is a key in the scrollback and in screen shares. Exit 3 without one.
 */
export async function token(context: CommandContext, flags: { show?: boolean }): Promise<void> {
  const { env } = context.io;
  const { profile } = await resolveProfile(context.options, env, context.store);
  const base = await findBaseUrl(context.options, env, context.store, profile);
  const key = await findApiKey(env, context.store, profile, base?.baseUrl);
  if (!key) throw noApiKeyError(profile, base?.baseUrl);
  if (context.io.stdout.isTTY === true && flags.show !== true) {
    throw usageError('auth token prints the API key only where stdout is not a terminal (a pipe or a file: `KEY=$(petstore auth token)`); add --show to print it on this terminal');
  }
  context.out(`${key.apiKey}\n`);
}

/** `auth logout`: forgets the profile's stored key. */
export async function logout(context: CommandContext): Promise<void> {
  const { profile } = await resolveProfile(context.options, context.io.env, context.store);
  const credentials = await context.store.readCredentials();
  if (profileEntry(credentials.profiles, profile) === undefined) {
    context.note(`No stored API key for profile "${profile}".`);
    return;
  }
  await context.store.writeCredentials({ ...credentials, profiles: profilesWithout(credentials.profiles, profile) });
  context.note(`Removed the API key of profile "${profile}".`);
}
