import type { MockRequest } from '../api/exchange.js';
import { HttpError } from '../api/http-error.js';
import { closestWord } from '../api/closest-word.js';
import { parseQuery } from '../api/parse-query.js';

/** Most unknown names a 400 repeats: the client sent them, and the log and journal repeat the message. */
const NAMED_AT_MOST = 5;
const NAME_CHARACTERS = 40;

const shown = (name: string): string => JSON.stringify(name.length > NAME_CHARACTERS ? `${name.slice(0, NAME_CHARACTERS - 1)}…` : name);

/**
 * A 400 naming each query parameter `request` has that is not one of `known`:
 * a misspelt filter (`operaton`) must not widen a listing to every entry, nor
 * a parameter on an endpoint that reads none pass unnoticed.
 */
export function refuseUnknownParameters(request: MockRequest, known: readonly string[]): void {
  if (request.query === '') return;
  const unknown = Object.keys(parseQuery(request.query)).filter((name) => !known.includes(name));
  if (unknown.length === 0) return;
  const named = unknown.slice(0, NAMED_AT_MOST).map((name) => {
    const meant = closestWord(name, known);
    return meant === undefined ? shown(name) : `${shown(name)} (did you mean ${meant}?)`;
  });
  const more = unknown.length > NAMED_AT_MOST ? ` and ${unknown.length - NAMED_AT_MOST} more` : '';
  const takes = known.length === 0 ? `${request.method} ${request.path} takes none` : `${request.method} ${request.path} takes ${known.join(', ')}`;
  throw new HttpError('invalid_request', `query: unknown parameter${unknown.length === 1 ? '' : 's'} ${named.join(', ')}${more}; ${takes}`);
}
