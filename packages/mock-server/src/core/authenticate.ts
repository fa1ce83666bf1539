import type { ServiceChoices } from '@petstore/sdk/contract';
import { bearerToken } from './api/api-keys.js';
import type { RequestHeaders } from './api/exchange.js';
import { HttpError } from './api/http-error.js';

/**
 * Passes a request whose `Authorization: Bearer` key is accepted; else throws
 * the 401, with the service's challenge for a missing or a wrong key (none
 * where the service sends none).
 */
export function authenticate(headers: RequestHeaders, isAcceptedKey: (key: string) => boolean, { missingKey, wrongKey }: ServiceChoices['challenge']): void {
  const token = bearerToken(headers['authorization']);
  if (token !== undefined && isAcceptedKey(token)) return;
  const presented = headers['authorization'] !== undefined;
  const challenge = presented ? wrongKey : missingKey;
  throw new HttpError(
    'unauthorized',
    presented ? 'The API key is not valid: send Authorization: Bearer <API_KEY> with an accepted key' : 'Missing API key: send Authorization: Bearer <API_KEY>',
    challenge === null ? {} : { 'www-authenticate': challenge },
  );
}
