import * as z from 'zod/mini';
import {
  ErrorBody,
  GET_PET_DEPRECATION,
  GET_PET_LINK,
  GET_PET_SUNSET,
  NewPet,
  Pet,
  Pets,
  PetStatus,
} from '../contract/index.js';

export interface ComponentMeta {
  id: string;
  description: string;
}

/**
 * The contract's schemas under their OpenAPI component names. A registry of its
 * own, not zod's global one, so importing the contract never registers anything.
 */
export function createComponentRegistry(): z.core.$ZodRegistry<ComponentMeta> {
  const registry = z.registry<ComponentMeta>();
  registry.add(PetStatus, { id: 'PetStatus', description: 'Availability status of an animal.' });
  registry.add(NewPet, {
    id: 'NewPet',
    description: 'Request body for creating an animal. Unknown fields, id included, are refused with 400.',
  });
  registry.add(Pet, { id: 'Pet', description: 'An animal record, as returned by the service.' });
  registry.add(Pets, { id: 'Pets', description: 'A list of animals, in ascending id order.' });
  registry.add(ErrorBody, { id: 'Error', description: 'The body of every error response.' });
  return registry;
}

/** RFC 6750 challenges of a 401: the bare scheme, or with the error when a key was presented and refused. */
const BEARER_CHALLENGES = ['Bearer', 'Bearer error="invalid_token"'] as const;

/** `GET_PET_DEPRECATION` (`@` + Unix seconds) as a day, for people. */
const deprecatedSince = new Date(Number(GET_PET_DEPRECATION.slice(1)) * 1000).toISOString().slice(0, 10);

/** Reusable response headers, referenced as `#/components/headers/<name>`. */
export const componentHeaders = {
  RequestId: {
    description: 'Identifier of this request, for logs and support.',
    schema: { type: 'string' },
  },
  WwwAuthenticate: {
    description:
      'RFC 6750 challenge, on every 401: `Bearer`, or `Bearer error="invalid_token"` when a key was presented and refused.',
    required: true,
    schema: { type: 'string', enum: BEARER_CHALLENGES },
    example: BEARER_CHALLENGES[0],
  },
  Deprecation: {
    description: `RFC 9745: this operation is deprecated, since ${deprecatedSince}.`,
    required: true,
    schema: { type: 'string', const: GET_PET_DEPRECATION },
  },
  Sunset: {
    description: 'RFC 8594: when this operation will be removed.',
    required: true,
    schema: { type: 'string', const: GET_PET_SUNSET },
  },
  Link: {
    description: 'The replacement operation (rel="successor-version").',
    required: true,
    schema: { type: 'string', const: GET_PET_LINK },
  },
} as const;

export type HeaderName = keyof typeof componentHeaders;
