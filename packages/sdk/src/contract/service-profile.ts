import * as z from 'zod/mini';
import { GET_PET_DEPRECATION, GET_PET_LINK, GET_PET_SUNSET } from './deprecation.js';
import { ERROR_CODES, type ErrorCode } from './error-body.js';
import { describeIssue } from './issue-messages.js';
import { formatIssues } from './issues.js';
import { NAME_MAX_LENGTH } from './limits.js';
import { DEFAULT_PET_STATUS, PET_STATUSES } from './statuses.js';

/** A header's value as a profile records it: printable ASCII, one line, bounded. */
const HeaderValue = /* @__PURE__ */ z.string().check(z.regex(/^[\x20-\x7e]{1,256}$/, 'must be printable ASCII, 1 to 256 characters'));

/** An Error body's `code` as a service spells it: `NOT_FOUND`, `not-found`, `E404`. */
const ErrorCodeValue = /* @__PURE__ */ z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/, 'must be a letter, then up to 63 letters, digits, _ . or -'));

const ERROR_KINDS = Object.keys(ERROR_CODES) as ErrorCode[];

/** The `Sunset` of `getPet`, if sent, names the removal date the specification gives. */
const SunsetValue = /* @__PURE__ */ HeaderValue.check(
  z.refine((value) => Date.parse(value) === Date.parse(GET_PET_SUNSET), `must name the removal date the specification gives, ${GET_PET_SUNSET}`),
);

/**
 * Each behaviour the specification leaves open and the conformance cases
 * observe, with what the contract allows of it. A profile may choose only
 * these values: `malformedPetId: 422` is refused, naming the field. A new open
 * choice is an entry here, a case that observes it (`choice()` in the
 * conformance checks), and the mock's answer to it: `ServiceChoices` is what
 * each of them is typed by.
 */
export const SERVICE_CHOICES = {
  /** The status of an animal created without one. */
  defaultStatus: /* @__PURE__ */ z.enum(PET_STATUSES),
  /** `limit` outside 1..100: refused with 400, or clamped into the range. */
  limitOutOfRange: /* @__PURE__ */ z.enum(['refuse', 'clamp']),
  /** A `status` filter outside the enumeration: refused with 400, or an empty list. */
  unknownStatusFilter: /* @__PURE__ */ z.enum(['refuse', 'empty']),
  /** A create with fields the contract does not define: refused with 400, or created without them. */
  unknownCreateFields: /* @__PURE__ */ z.enum(['refuse', 'ignore']),
  /** The order of a list. */
  listOrder: /* @__PURE__ */ z.enum(['id-ascending', 'id-descending']),
  /** The status of `GET /pets/{petId}` with an id that is not an integer. */
  malformedPetId: /* @__PURE__ */ z.union([z.literal(400), z.literal(404)]),
  /** The `code` of each kind of error, where the service spells it differently (the kit's kinds as keys). */
  errorCodes: /* @__PURE__ */ z.partial(z.strictObject(Object.fromEntries(ERROR_KINDS.map((kind) => [kind, ErrorCodeValue])) as Record<ErrorCode, typeof ErrorCodeValue>)),
  /** The longest name a create accepts, in characters: the contract's longest, or shorter. */
  nameMaxLength: /* @__PURE__ */ z.int().check(z.minimum(1), z.maximum(NAME_MAX_LENGTH)),
  /** The headers that say `getPet` is deprecated; `null`: not sent. */
  getPetDeprecation: /* @__PURE__ */ z.strictObject({ deprecation: z.nullable(HeaderValue), sunset: z.nullable(SunsetValue), link: z.nullable(HeaderValue) }),
  /** `WWW-Authenticate` of a 401, without a key and with a wrong one; `null`: not sent. */
  challenge: /* @__PURE__ */ z.strictObject({ missingKey: z.nullable(HeaderValue), wrongKey: z.nullable(HeaderValue) }),
};

export type ChoiceName = keyof typeof SERVICE_CHOICES;

/** A value of every open choice. */
export type ServiceChoices = { [Name in ChoiceName]: z.infer<(typeof SERVICE_CHOICES)[Name]> };

export const CHOICE_NAMES = Object.keys(SERVICE_CHOICES) as ChoiceName[];

/**
 * The kit's own choices (docs/decisions.md): what the mock answers without a
 * profile, and what `petstore verify` notes a difference from.
 */
export const KIT_CHOICES: ServiceChoices = {
  defaultStatus: DEFAULT_PET_STATUS,
  limitOutOfRange: 'refuse',
  unknownStatusFilter: 'refuse',
  unknownCreateFields: 'refuse',
  listOrder: 'id-ascending',
  malformedPetId: 400,
  errorCodes: Object.fromEntries(ERROR_KINDS.map((kind) => [kind, kind])),
  nameMaxLength: NAME_MAX_LENGTH,
  getPetDeprecation: { deprecation: GET_PET_DEPRECATION, sunset: GET_PET_SUNSET, link: GET_PET_LINK },
  challenge: { missingKey: 'Bearer', wrongKey: 'Bearer error="invalid_token"' },
};

/** The version of the profile's format this kit reads and writes. */
export const PROFILE_VERSION = 1;

/** Why each choice it names could not be recorded. */
const Reasons = /* @__PURE__ */ z.partial(z.strictObject(Object.fromEntries(CHOICE_NAMES.map((name) => [name, z.string().check(z.maxLength(1000))])) as Record<ChoiceName, z.ZodMiniString>));

/**
 * A service profile: the choices one service made where the specification is
 * silent, as `petstore verify --write-profile` observed them. A choice it does
 * not name is the kit's (`KIT_CHOICES`).
 */
export const ServiceProfile = /* @__PURE__ */ z.strictObject({
  profileVersion: z.literal(PROFILE_VERSION),
  /** The base URL it was observed at. */
  service: z.optional(z.string().check(z.maxLength(2048))),
  /** When, as an ISO 8601 time. */
  observedAt: z.optional(z.string().check(z.maxLength(64))),
  choices: z.partial(z.strictObject(SERVICE_CHOICES)),
  /** Choices that could not be observed (a create needs --allow-writes), and why. */
  unobserved: z.optional(Reasons),
  /** Choices whose probes disagreed, and what each saw. */
  inconsistent: z.optional(Reasons),
});
export type ServiceProfile = z.infer<typeof ServiceProfile>;

/** The largest profile read: a profile is a few hundred bytes. */
export const PROFILE_MAX_BYTES = 64 * 1024;

/**
 * Reads a profile's text: JSON, then the schema. Throws a `TypeError` naming
 * the field that fails (`choices.malformedPetId: …`), never a partial profile.
 */
export function parseServiceProfile(text: string): ServiceProfile {
  if (text.length > PROFILE_MAX_BYTES) throw new TypeError(`a profile is at most ${PROFILE_MAX_BYTES} bytes; this one has ${text.length} characters`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new TypeError(`not JSON: ${(error as Error).message}`, { cause: error });
  }
  const result = z.safeParse(ServiceProfile, json, { error: describeIssue });
  if (!result.success) throw new TypeError(formatIssues('', result.error.issues.slice(0, 5)));
  return result.data;
}

/** Every choice: the profile's where it names one, else the kit's (error codes kind by kind). */
export function resolveChoices(profile?: ServiceProfile): ServiceChoices {
  // A key a profile's JSON cannot hold undefined, but the parsed type allows it: drop such keys.
  const chosen = Object.fromEntries(Object.entries(profile?.choices ?? {}).filter(([, value]) => value !== undefined)) as Partial<ServiceChoices>;
  return { ...KIT_CHOICES, ...chosen, errorCodes: { ...KIT_CHOICES.errorCodes, ...chosen.errorCodes } };
}
