import * as z from 'zod/mini';
import { Id, PetName, PetStatus } from '../contract/index.js';

/** A Pet as `strict` validation wants it: the contract exactly, nothing more. */
export const StrictPet = /* @__PURE__ */ z.strictObject({ id: Id, name: PetName, categoryId: Id, status: PetStatus });

/** A list of them. */
export const StrictPets = /* @__PURE__ */ z.array(StrictPet);

/**
 * A Pet as `tolerant` validation wants it: every required field with its type,
 * while statuses this SDK does not know pass. (Fields a later API version adds
 * pass too: the client returns the body it checked, not zod's copy.)
 */
export const TolerantPet = /* @__PURE__ */ z.object({ id: Id, name: z.string(), categoryId: Id, status: z.string() });

/**
 * A list of them: the default check of the busiest call. `isTolerantPets`
 * (generated from this schema by zod's compiler) answers first; zod's own
 * parser runs only to say why when that answer is no.
 */
export const TolerantPets = /* @__PURE__ */ z.array(TolerantPet);
