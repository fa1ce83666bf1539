import * as z from 'zod/mini';
import { Id, PetName, PetStatus } from '../contract/index.js';

/** A Pet as `strict` validation wants it: the contract exactly, nothing more. */
export const StrictPet = /* @__PURE__ */ z.strictObject({ id: Id, name: PetName, categoryId: Id, status: PetStatus });

/**
 * A Pet as `tolerant` validation wants it: every required field with its type,
 * while statuses this SDK does not know pass. (Fields a later API version adds
 * pass too: the client returns the body it checked, not zod's copy.)
 */
export const TolerantPet = /* @__PURE__ */ z.object({ id: Id, name: z.string(), categoryId: Id, status: z.string() });
