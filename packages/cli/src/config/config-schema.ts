import { describeIssue, formatIssues } from '@petstore/sdk/contract';
import * as z from 'zod/mini';
import { PROFILE_NAME, PROFILE_NAME_RULE } from './profiles.js';

/** A profile's name, as a key of `profiles` or the value of `profile`. */
export const ProfileName = z.string().check(z.regex(PROFILE_NAME, `must be ${PROFILE_NAME_RULE}`));

/**
 * An API key goes into an HTTP header: visible ASCII, no spaces and no line
 * breaks (a CR/LF would end the header). Messages never quote the key.
 */
export const ApiKey = z.string().check(z.regex(/^[\x21-\x7e]+$/, 'must be printable ASCII with no spaces or line breaks'));

// Loose objects: a field a newer petstore writes survives a write by this one.

/** `config.json`: which profile is current, and each profile's base URL. */
export const ConfigFile = z.looseObject({
  profile: z.optional(ProfileName),
  // Only its type here: the base URL rules are checked where a URL is used
  // (see resolveBaseUrl), so a stale entry can still be fixed with `config set`.
  profiles: z.optional(z.record(ProfileName, z.looseObject({ baseUrl: z.optional(z.string()) }))),
});
export type ConfigFile = z.infer<typeof ConfigFile>;

/** `credentials.json` (mode 0600): each profile's API key. */
export const CredentialsFile = z.looseObject({
  profiles: z.optional(z.record(ProfileName, z.looseObject({ apiKey: z.optional(ApiKey) }))),
});
export type CredentialsFile = z.infer<typeof CredentialsFile>;

const describe: z.core.$ZodErrorMap = (issue) =>
  issue.code === 'invalid_key' && issue.origin === 'record' ? `is not a profile name (${PROFILE_NAME_RULE})` : describeIssue(issue);

/**
 * The file's data checked against its schema, or what is wrong, one key path
 * per problem (`profiles.staging.baseUrl: expected string, got array`).
 */
export function checkFileShape<Schema extends z.ZodMiniType>(schema: Schema, data: unknown): { ok: true; data: z.output<Schema> } | { ok: false; problem: string } {
  const result = z.safeParse(schema, data, { error: describe });
  if (result.success) return { ok: true, data: result.data };
  if (result.error.issues.some((issue) => issue.path.length === 0)) return { ok: false, problem: 'is not a JSON object' };
  return { ok: false, problem: formatIssues('', result.error.issues) };
}
