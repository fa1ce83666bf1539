import * as z from 'zod/mini';
import { ErrorBody, NewPet, Pet, Pets, PetStatus } from '../contract/index.js';

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
