import { GET_PET_DEPRECATION, GET_PET_LINK, GET_PET_SUNSET, type OperationId } from '@petstore/sdk/contract';
import { createPet, getPet, listPets, type Operation } from './operations.js';

/** One operation of a route. */
export interface RouteOperation {
  operationId: OperationId;
  run: Operation;
  /** Headers on every response of the operation, errors included (after authentication). */
  headers?: Readonly<Record<string, string>>;
}

/** One path of the API, relative to the base path, with its operations by method. */
export interface Route {
  /** The path as the OpenAPI document writes it, e.g. `/pets/{petId}`. */
  template: string;
  pattern: RegExp;
  operations: Readonly<Record<string, RouteOperation>>;
}

/** The API's route table: the one place both transports learn what exists. */
export const routes: readonly Route[] = [
  {
    template: '/pets',
    pattern: /^\/pets$/,
    operations: {
      GET: { operationId: 'listPets', run: listPets },
      POST: { operationId: 'createPet', run: createPet },
    },
  },
  {
    template: '/pets/{petId}',
    pattern: /^\/pets\/([^/]+)$/,
    operations: {
      GET: {
        operationId: 'getPet',
        run: getPet,
        headers: { deprecation: GET_PET_DEPRECATION, sunset: GET_PET_SUNSET, link: GET_PET_LINK },
      },
    },
  },
];

export interface RouteMatch {
  route: Route;
  params: string[];
}

/** Finds the route for a path relative to the base path; params stay percent-encoded. */
export function matchRoute(path: string): RouteMatch | undefined {
  for (const route of routes) {
    const match = route.pattern.exec(path);
    if (match) return { route, params: match.slice(1) };
  }
  return undefined;
}
