import { usageError } from '../cli-error.js';
import { resolveBaseUrl, resolveProfile } from '../config/resolve-settings.js';
import { PROFILE_NAME } from '../config/profiles.js';
import type { CommandContext } from '../context.js';

/** The keys `config get|set` knows. */
export const CONFIG_KEYS = ['profile', 'base-url'] as const;
type ConfigKey = (typeof CONFIG_KEYS)[number];

function checkKey(key: string): ConfigKey {
  if (!(CONFIG_KEYS as readonly string[]).includes(key)) throw usageError(`unknown config key "${key}"; keys are ${CONFIG_KEYS.join(', ')}`);
  return key as ConfigKey;
}

export async function get(context: CommandContext, keyText: string): Promise<void> {
  const key = checkKey(keyText);
  if (key === 'profile') {
    context.out(`${(await resolveProfile(context.options, context.io.env, context.store)).profile}\n`);
    return;
  }
  // Reading a setting needs no API key: only the base URL is resolved.
  const { profile } = await resolveProfile(context.options, context.io.env, context.store);
  context.out(`${(await resolveBaseUrl(context.options, context.io.env, context.store, profile)).baseUrl}\n`);
}

export async function set(context: CommandContext, keyText: string, value: string): Promise<void> {
  const key = checkKey(keyText);
  const config = await context.store.readConfig();
  if (key === 'profile') {
    if (!PROFILE_NAME.test(value)) throw usageError(`profile must be lower-case letters, digits and dashes, got "${value}"`);
    await context.store.writeConfig({ ...config, profile: value });
    context.note(`Profile is now "${value}".`);
    return;
  }
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    throw usageError(`base-url must be an http(s) URL ending in /v1, got "${value}"`);
  }
  const { profile } = await resolveProfile(context.options, context.io.env, context.store);
  const profiles = { ...config.profiles, [profile]: { ...config.profiles?.[profile], baseUrl: value } };
  await context.store.writeConfig({ ...config, profiles });
  context.note(`Base URL of profile "${profile}" is now ${value}.`);
}

export async function list(context: CommandContext): Promise<void> {
  const config = await context.store.readConfig();
  const { profile } = await resolveProfile(context.options, context.io.env, context.store);
  const rows = Object.entries({ ...{ mock: {}, production: {}, staging: {} }, ...config.profiles }).map(([name, value]) => ({
    profile: name,
    current: name === profile,
    baseUrl: (value as { baseUrl?: string }).baseUrl ?? (name === 'mock' ? 'http://127.0.0.1:4010/v1 (default)' : '(not set)'),
  }));
  if (context.format === 'json' || context.format === 'ndjson') {
    context.out(`${JSON.stringify({ configDir: context.store.dir, profile, profiles: rows })}\n`);
    return;
  }
  const lines = rows.map((row) => `${row.current ? '*' : ' '} ${row.profile.padEnd(12)} ${row.baseUrl}`);
  context.out(`${lines.join('\n')}\n`);
}

export async function unset(_context: CommandContext, keyText: string): Promise<void> {
  checkKey(keyText);
  throw usageError('config unset: not built yet');
}

export async function deleteProfile(_context: CommandContext, name: string): Promise<void> {
  throw usageError(`config delete-profile ${name}: not built yet`);
}
