import type { MockRequest } from './api/exchange.js';
import { HttpError } from './api/http-error.js';
import { matchRoute, suggestOperation, type RouteOperation } from './api/routes.js';
import { BASE_PATH } from './paths.js';

/** An operation a request names, and its path parameters as sent (still percent-encoded). */
export interface ResolvedOperation {
  operation: RouteOperation;
  params: Readonly<Record<string, string>>;
}

/** A 404 naming the operation the path most likely meant ("did you mean GET /v1/pets?"). */
export function routeNotFound(request: MockRequest, mountPath: string): HttpError {
  const suggestion = suggestOperation(request.method, request.path, `${mountPath}${BASE_PATH}`);
  return new HttpError('route_not_found', `No operation at ${mountPath}${request.path}${suggestion ? `; did you mean ${suggestion}?` : ''}`);
}

/** The operation a path and method name, with the path's parameters: a 404 or a 405 if none. */
export function resolveOperation(request: MockRequest, mountPath: string): ResolvedOperation {
  const match = request.path.startsWith(`${BASE_PATH}/`) ? matchRoute(request.path.slice(BASE_PATH.length)) : undefined;
  if (!match) throw routeNotFound(request, mountPath);
  // HEAD is GET without the body (the transports leave it out).
  const operation = match.route.operations[request.method === 'HEAD' ? 'GET' : request.method];
  if (!operation) {
    const allow = Object.keys(match.route.operations).join(', ');
    throw new HttpError('method_not_allowed', `${mountPath}${BASE_PATH}${match.route.template} allows ${allow}, not ${request.method}`, { allow });
  }
  return { operation, params: match.params };
}

/** Path parameters percent-decoded, as the operation reads them; a malformed escape is a 400. */
export function decodeParams(params: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).map(([name, param]) => {
      try {
        return [name, decodeURIComponent(param)];
      } catch {
        throw new HttpError('invalid_request', `path: "${param}" is not valid percent-encoding`);
      }
    }),
  );
}
