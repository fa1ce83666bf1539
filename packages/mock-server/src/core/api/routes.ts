import { definitionOf, OPERATION_IDS, type OperationDeprecation, type OperationId } from '@petstore/sdk/contract';
import { editDistance } from './closest-word.js';
import { OPERATION_RUNS, type Operation } from './operations.js';

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
  /** The names of its parameters, in the order the pattern captures them. */
  paramNames: readonly string[];
  operations: Readonly<Record<string, RouteOperation>>;
}

/** A deprecated operation's headers, from the contract's table. */
const deprecationHeaders = ({ deprecation, sunset, link }: OperationDeprecation) => ({ deprecation, sunset, link });

/** Each path template of the contract's table as a route, its operations by method, in the table's order. */
function routesOf(): Route[] {
  const byTemplate = new Map<string, Route & { operations: Record<string, RouteOperation> }>();
  for (const operationId of OPERATION_IDS) {
    const { path, method, deprecated } = definitionOf(operationId);
    let route = byTemplate.get(path);
    if (!route) {
      const paramNames = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
      // Literal segments are letters, digits and `-`: nothing to escape.
      const pattern = new RegExp(`^${path.replace(/\{[^}]+\}/g, '([^/]+)')}$`);
      route = { template: path, pattern, paramNames, operations: {} };
      byTemplate.set(path, route);
    }
    route.operations[method] = { operationId, run: OPERATION_RUNS[operationId], ...(deprecated && { headers: deprecationHeaders(deprecated) }) };
  }
  return [...byTemplate.values()];
}

/** The API's route table, from the contract's: the one place both transports learn what exists. */
export const routes: readonly Route[] = routesOf();

export interface RouteMatch {
  route: Route;
  /** Path parameters by name, still percent-encoded. */
  params: Record<string, string>;
}

/** Finds the route for a path relative to the base path; params stay percent-encoded. */
export function matchRoute(path: string): RouteMatch | undefined {
  for (const route of routes) {
    const match = route.pattern.exec(path);
    if (match) return { route, params: Object.fromEntries(route.paramNames.map((name, index) => [name, match[index + 1] as string])) };
  }
  return undefined;
}

/** Most edits (Levenshtein, case aside) between a path segment and the route's for a suggestion. */
const MAX_EDITS = 2;

/**
 * The operation a path that matches no route most likely meant, e.g.
 * `GET /v1/pets` for `/pets`, `/v1/pet`, `/v1/pets/` or `/api/v1/pets`: the
 * route whose segments the path's last ones match (a literal one within two
 * edits, case aside; a parameter taking the value given), the longest such
 * route first. The method is the request's if the route has it, else the
 * route's first. Undefined when no route is that near.
 */
export function suggestOperation(method: string, path: string, basePath: string): string | undefined {
  const segments = path.split('/').filter(Boolean);
  let best: { suggestion: string; length: number; edits: number } | undefined;
  for (const route of routes) {
    const template = route.template.split('/').filter(Boolean);
    if (segments.length < template.length) continue;
    const tail = segments.slice(segments.length - template.length);
    let edits = 0;
    for (const [index, part] of template.entries()) {
      if (!part.startsWith('{')) edits += editDistance(part, (tail[index] as string).toLowerCase(), MAX_EDITS);
    }
    if (edits > MAX_EDITS) continue;
    if (best && (best.length > template.length || (best.length === template.length && best.edits <= edits))) continue;
    const concrete = template.map((part, index) => (part.startsWith('{') ? tail[index] : part));
    const wanted = method === 'HEAD' ? 'GET' : method;
    const verb = route.operations[wanted] ? wanted : Object.keys(route.operations)[0];
    best = { suggestion: `${verb} ${basePath}/${concrete.join('/')}`, length: template.length, edits };
  }
  return best?.suggestion;
}
