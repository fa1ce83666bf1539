import { usageError } from '../errors/cli-error.js';
import { CONFIG_KEYS, type ConfigKey } from '../tables/config-keys.js';
import { baseUrlFrom } from '../config/base-url.js';
import type { ConfigFile, CredentialsFile } from '../config/config-store.js';
import { BUILT_IN_PROFILES, builtInProfile, DEFAULT_PROFILE, PROFILE_NAME, PROFILE_NAME_RULE, profileEntry, profilesWithout } from '../config/profiles.js';
import { resolveBaseUrl, resolveProfile } from '../config/resolve-settings.js';
import type { CommandContext } from './context.js';
import { stringifyJson, terminalSafe } from '../output/escape.js';

// commander checks the key against CONFIG_KEYS too; this keeps the functions honest on their own.
function checkKey(key: string): ConfigKey {
  if (!(CONFIG_KEYS as readonly string[]).includes(key)) throw usageError(`unknown config key "${terminalSafe(key)}"; keys are ${CONFIG_KEYS.join(', ')}`);
  return key as ConfigKey;
}

function checkProfileName(name: string, what: string): string {
  if (!PROFILE_NAME.test(name)) throw usageError(`${what} must be ${PROFILE_NAME_RULE}, got "${terminalSafe(name)}"`);
  return name;
}

/** A note when the environment overrides what was just written to a file. */
function noteOverride(context: CommandContext, variable: 'PETSTORE_PROFILE' | 'PETSTORE_BASE_URL'): void {
  if (context.io.env[variable]) context.note(`Note: ${variable} is set, and takes precedence over config.json while it is.`);
}

export async function get(context: CommandContext, keyText: string): Promise<void> {
  const key = checkKey(keyText);
  const { profile } = await resolveProfile(context.options, context.io.env, context.store);
  if (key === 'profile') {
    context.out(`${profile}\n`);
    return;
  }
  // Reading a setting needs no API key: only the base URL is resolved.
  context.out(`${terminalSafe((await resolveBaseUrl(context.options, context.io.env, context.store, profile)).baseUrl)}\n`);
}

/**
 * `config set profile NAME` (a profile that exists: built in, or stored) or
 * `config set base-url URL`: a bad value is a usage error (exit 2), and nothing is written.
 */
export async function set(context: CommandContext, keyText: string, value: string): Promise<void> {
  const key = checkKey(keyText);
  const config = await context.store.readConfig();
  if (key === 'profile') {
    const name = checkProfileName(value, 'profile');
    // A name that is neither built in nor stored is most likely a typo: choosing it would only fail later.
    const names = await profileNames(context);
    if (!names.includes(name)) {
      throw usageError(
        `no profile "${name}"; the profiles are ${names.join(', ')}. Create it with \`petstore config set base-url URL --profile ${name}\` (or \`petstore auth login --profile ${name}\`), then choose it`,
      );
    }
    await context.store.writeConfig({ ...config, profile: name });
    context.note(`Profile is now "${value}".`);
    noteOverride(context, 'PETSTORE_PROFILE');
    return;
  }
  // The same rule as every other source of a base URL; stored normalised (no trailing slash).
  const baseUrl = baseUrlFrom(value, { source: 'argument' });
  const { profile } = await resolveProfile(context.options, context.io.env, context.store);
  const profiles = { ...config.profiles, [profile]: { ...profileEntry(config.profiles, profile), baseUrl } };
  await context.store.writeConfig({ ...config, profiles });
  context.note(`Base URL of profile "${profile}" is now ${baseUrl}.`);
  noteOverride(context, 'PETSTORE_BASE_URL');
}

/**
 * `config unset profile` (back to `mock`) or `config unset base-url` (the
 * profile's own, back to its built-in default if it has one). Unsetting what
 * is not set is not an error: the setting is as asked, and a note says so.
 */
export async function unset(context: CommandContext, keyText: string): Promise<void> {
  const key = checkKey(keyText);
  const config = await context.store.readConfig();
  if (key === 'profile') {
    if (config.profile === undefined) {
      context.note(`No profile is set in ${terminalSafe(context.store.configPath)}; the default is "${DEFAULT_PROFILE}".`);
      return;
    }
    const { profile: _removed, ...rest } = config;
    await context.store.writeConfig(rest);
    context.note(`Profile is back to the default, "${DEFAULT_PROFILE}".`);
    noteOverride(context, 'PETSTORE_PROFILE');
    return;
  }
  const { profile } = await resolveProfile(context.options, context.io.env, context.store);
  const entry = profileEntry(config.profiles, profile);
  if (entry?.baseUrl === undefined) {
    context.note(`Profile "${profile}" has no base URL in ${terminalSafe(context.store.configPath)}.`);
    return;
  }
  const { baseUrl: _removed, ...rest } = entry;
  // A profile whose only setting was its base URL leaves no empty entry behind.
  const profiles = Object.keys(rest).length === 0 ? profilesWithout(config.profiles, profile) : { ...config.profiles, [profile]: rest };
  await context.store.writeConfig({ ...config, profiles });
  const fallback = builtInProfile(profile)?.baseUrl;
  context.note(`Removed the base URL of profile "${profile}"${fallback ? `; it is back to ${fallback}` : ''}.`);
}

/**
 * `config delete-profile NAME`: forgets the profile's base URL and stored key,
 * and if it is the current profile in config.json, the current profile goes
 * back to `mock`. A built-in profile loses only what was stored for it: its
 * defaults remain. A name that is neither built in nor stored anywhere is a
 * usage error (exit 2): most likely a typo.
 */
export async function deleteProfile(context: CommandContext, nameText: string): Promise<void> {
  const name = checkProfileName(nameText, 'the profile name');
  const [config, credentials]: [ConfigFile, CredentialsFile] = await Promise.all([context.store.readConfig(), context.store.readCredentials()]);
  const inConfig = profileEntry(config.profiles, name) !== undefined;
  const hasKey = profileEntry(credentials.profiles, name) !== undefined;
  const isCurrent = config.profile === name;
  const builtIn = builtInProfile(name) !== undefined;
  if (!inConfig && !hasKey && !isCurrent) {
    if (builtIn) {
      context.note(`Nothing is stored for the built-in profile "${name}"; nothing to delete.`);
      return;
    }
    throw usageError(`no profile "${name}" to delete; the profiles are ${(await profileNames(context)).join(', ')}`);
  }
  if (inConfig || isCurrent) {
    const { profile: _current, ...notCurrent } = config;
    await context.store.writeConfig({ ...(isCurrent ? notCurrent : config), profiles: profilesWithout(config.profiles, name) });
  }
  if (hasKey) await context.store.writeCredentials({ ...credentials, profiles: profilesWithout(credentials.profiles, name) });
  const removed = [inConfig && 'its base URL', hasKey && 'its stored API key'].filter((item) => item !== false);
  const what = removed.length > 0 ? `: removed ${removed.join(' and ')}` : '';
  context.note(builtIn ? `Deleted what was stored for the built-in profile "${name}"${what}; its defaults remain.` : `Deleted profile "${name}"${what}.`);
  if (isCurrent) context.note(`The current profile is back to the default, "${DEFAULT_PROFILE}".`);
}

/** The profiles there are: built in, in config.json, in credentials.json, and the current one. */
async function profileNames(context: CommandContext, current?: string): Promise<string[]> {
  const [config, credentials] = await Promise.all([context.store.readConfig(), context.store.readCredentials()]);
  const stored = new Set([...Object.keys(config.profiles ?? {}), ...Object.keys(credentials.profiles ?? {}), ...(current ? [current] : [])]);
  const builtIns = Object.keys(BUILT_IN_PROFILES);
  return [...builtIns, ...[...stored].filter((name) => !builtIns.includes(name)).sort()];
}

/**
 * `config list`: every profile (the built-in ones first), its base URL from
 * config.json or its built-in default, and the current one marked. JSON uses
 * `null` for what is not set.
 */
export async function list(context: CommandContext): Promise<void> {
  const { profile } = await resolveProfile(context.options, context.io.env, context.store);
  const [config, credentials] = await Promise.all([context.store.readConfig(), context.store.readCredentials()]);
  const rows = (await profileNames(context, profile)).map((name) => {
    const configured = profileEntry(config.profiles, name)?.baseUrl;
    // Checked like any base URL before it is shown: a bad one is named, never printed.
    const baseUrl = configured === undefined ? (builtInProfile(name)?.baseUrl ?? null) : baseUrlFrom(configured, { source: 'config file', path: context.store.configPath, profile: name });
    return {
      profile: name,
      current: name === profile,
      baseUrl,
      baseUrlSource: configured !== undefined ? 'config file' : baseUrl !== null ? 'default' : null,
      apiKeyStored: profileEntry(credentials.profiles, name)?.apiKey !== undefined,
    };
  });
  if (context.format === 'json' || context.format === 'ndjson') {
    await context.outJson(`${stringifyJson({ configDir: context.store.dir, profile, profiles: rows })}\n`);
    return;
  }
  const lines = rows.map((row) => {
    const baseUrl = row.baseUrl === null ? '(not set)' : row.baseUrlSource === 'default' ? `${row.baseUrl} (default)` : row.baseUrl;
    return terminalSafe(`${row.current ? '*' : ' '} ${row.profile.padEnd(12)} ${baseUrl}`);
  });
  context.out(`${lines.join('\n')}\n`);
}
