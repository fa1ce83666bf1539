import * as z from 'zod/mini';
import { Pet } from '../contract/index.js';

/** A Pet as `strict` validation wants it: the contract exactly, nothing more. */
export const StrictPet = /* @__PURE__ */ z.strictObject(Pet.shape);

/**
 * A Pet as `tolerant` validation wants it: the contract's fields with their
 * types, while names and statuses a later API version allows pass. (Fields a
 * later version adds pass too: the client returns the body it checked, not zod's copy.)
 */
export const TolerantPet = /* @__PURE__ */ z.object({ ...Pet.shape, name: z.string(), status: z.exactOptional(z.string()) });
