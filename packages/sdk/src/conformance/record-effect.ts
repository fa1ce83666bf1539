import * as z from 'zod/mini';
import { definitionOf, type OperationId } from '../contract/operations.js';
import { Pet } from '../contract/pet.js';
import type { CaseRequest, RunState } from './case.js';
import type { Reply } from './checks.js';

/** The id of the animal a request's path names (`/pets/7` for `/pets/{petId}`), if its operation's path names one. */
function petIdIn(operation: OperationId, request: CaseRequest): number | undefined {
  const template = definitionOf(operation).path.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`^${template.replace('{petId}', '([0-9]+)')}(?:\\?|$)`);
  const id = pattern.exec(request.path)?.[1];
  return id === undefined ? undefined : Number(id);
}

/**
 * What a case's answer did to the animals of the run, by its operation's
 * effect in the table, whatever the case expected: an animal the service says
 * it stored (`adds`) is one the run created; one an answer removed (`removes`,
 * the animal its path names) is no longer; one it changed (`changes`) is kept
 * as the answer shows it. `reads`, and a request of no operation, change nothing.
 */
export function recordEffect(state: RunState, operation: OperationId | undefined, request: CaseRequest, reply: Reply): void {
  if (operation === undefined || reply.status < 200 || reply.status >= 300) return;
  const { effect } = definitionOf(operation);
  if (effect === 'reads') return;
  if (effect === 'removes') {
    const id = petIdIn(operation, request);
    if (id !== undefined) state.created = state.created.filter((pet) => pet.id !== id);
    return;
  }
  const pet = z.safeParse(Pet, reply.json);
  if (!pet.success) return;
  if (effect === 'adds') state.created.push(pet.data);
  else state.created = state.created.map((created) => (created.id === pet.data.id ? pet.data : created));
}
