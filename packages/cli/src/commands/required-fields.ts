import { NewPet } from '@petstore/sdk/contract';
import * as z from 'zod/mini';
import { PET_FIELD_NAMES, type PetField } from '../tables/pet-fields.js';

/** The fields the contract requires: those an empty body is told it lacks. */
const emptyPet = z.safeParse(NewPet, {});
export const REQUIRED_FIELDS: readonly PetField[] = PET_FIELD_NAMES.filter((field) => emptyPet.error?.issues.some((issue) => issue.path[0] === field));
