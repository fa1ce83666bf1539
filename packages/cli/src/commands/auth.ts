import { usageError } from '../cli-error.js';
import { resolveProfile, resolveSettings, maskKey } from '../config/resolve-settings.js';
import type { CommandContext } from '../context.js';
import { readSecret } from '../read-secret.js';
import { INPUT_LIMITS } from '../limits.js';
import { readStream } from '../read-stream.js';

/** `auth login`: stores a key for the profile in the credentials file (mode 0600). */
export async function login(context: CommandContext, flags: { withToken?: boolean }): Promise<void> {
  const { profile } = await resolveProfile(context.options, context.io.env, context.store);
  let key: string;
  if (flags.withToken) {
    key = (await readStream(context.io.stdin, INPUT_LIMITS.token, '--with-token')).trim();
  } else {
    if (!context.io.stdin.isTTY) {
      throw usageError('auth login needs a terminal to prompt for the key; pipe it in with --with-token instead (e.g. `petstore auth login --with-token < key.txt`)');
    }
    key = (await readSecret(context.io, `API key for profile "${profile}": `)).trim();
  }
  if (key === '') throw usageError('no API key given');
  if (/\s/.test(key)) throw usageError('an API key has no spaces or line breaks; check what was pasted');
  const credentials = await context.store.readCredentials();
  const profiles = { ...credentials.profiles, [profile]: { apiKey: key } };
  await context.store.writeCredentials({ ...credentials, profiles });
  context.note(`Stored the API key for profile "${profile}" (${maskKey(key)}) in ${context.store.credentialsPath}.`);
}

/** `auth status`: which key the next command would use, masked, and where it comes from. */
export async function status(context: CommandContext): Promise<void> {
  const settings = await resolveSettings(context.options, context.io.env, context.store);
  const report = {
    profile: settings.profile,
    baseUrl: settings.baseUrl,
    apiKey: maskKey(settings.apiKey),
    apiKeySource: settings.sources.apiKey,
  };
  if (context.format === 'json' || context.format === 'ndjson') {
    context.out(`${JSON.stringify(report)}\n`);
    return;
  }
  context.out(`profile   ${report.profile}\nbase URL  ${report.baseUrl}\nAPI key   ${report.apiKey} (from the ${report.apiKeySource})\n`);
}

/** `auth logout`: forgets the profile's stored key. */
export async function logout(context: CommandContext): Promise<void> {
  const { profile } = await resolveProfile(context.options, context.io.env, context.store);
  const credentials = await context.store.readCredentials();
  if (!credentials.profiles?.[profile]) {
    context.note(`No stored API key for profile "${profile}".`);
    return;
  }
  const { [profile]: _removed, ...rest } = credentials.profiles;
  await context.store.writeCredentials({ ...credentials, profiles: rest });
  context.note(`Removed the API key of profile "${profile}".`);
}
