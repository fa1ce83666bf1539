import { describe, expect, it } from 'vitest';
import { holdsSecret } from './secret-names.js';

/**
 * Names in common use that carry a secret, and where each comes from. A name
 * added here that the rule misses fails until the rule covers it.
 */
const SECRET_HEADERS: readonly [name: string, source: string][] = [
  ['Authorization', 'HTTP authentication (RFC 9110)'],
  ['Proxy-Authorization', 'HTTP authentication to a proxy (RFC 9110)'],
  ['Cookie', 'HTTP state (RFC 6265)'],
  ['Set-Cookie', 'HTTP state (RFC 6265), when a client echoes it'],
  ['X-Api-Key', 'AWS API Gateway, and many APIs after it'],
  ['X-Goog-Api-Key', 'Google Cloud APIs'],
  ['X-RapidAPI-Key', 'RapidAPI'],
  ['DD-API-KEY', 'Datadog'],
  ['apikey', 'Supabase'],
  ['Ocp-Apim-Subscription-Key', 'Azure API Management'],
  ['X-Functions-Key', 'Azure Functions (function and host keys)'],
  ['X-Access-Key', 'access keys sent as a header (#29)'],
  ['Access-Key', 'access keys sent as a header (#29)'],
  ['X-Key', 'a bare key header (#29)'],
  ['Key', 'a bare key header (#29)'],
  ['X-Auth-Token', 'OpenStack Keystone'],
  ['X-Auth-Key', 'Cloudflare (global API key)'],
  ['X-Vault-Token', 'HashiCorp Vault'],
  ['PRIVATE-TOKEN', 'GitLab'],
  ['X-Shopify-Access-Token', 'Shopify'],
  ['X-Amz-Security-Token', 'AWS temporary credentials'],
  ['X-Hasura-Admin-Secret', 'Hasura'],
  ['X-CSRF-Token', 'Rails, Django and most frameworks'],
  ['X-XSRF-TOKEN', 'Angular, Laravel'],
  ['X-Session-Id', 'session ids sent as a header'],
  ['X-Hub-Signature-256', 'GitHub webhooks'],
  ['Stripe-Signature', 'Stripe webhooks'],
  ['X-GitHub-OTP', "GitHub's two-factor code"],
  ['X-Jwt', 'a JSON Web Token in a header of its own (#29)'],
  ['X-Jwt-Assertion', 'WSO2 API Manager'],
  ['X-Bearer', 'a bearer token in a header of its own (#29)'],
  ['X-Pass', 'a password in a header of its own (#29)'],
  ['X-Pw', 'a password in a header of its own (#29)'],
  ['X-Sig', 'a signature in a header of its own (#29)'],
  ['X-Refresh', 'a refresh token in a header of its own (#29)'],
  ['X-Otp', 'a one-time password (#29)'],
  ['X-Pin', 'a PIN (#29)'],
];

const SECRET_PARAMETERS: readonly [name: string, source: string][] = [
  ['api_key', 'the Swagger Petstore, and many APIs after it'],
  ['apikey', 'many APIs (e.g. OMDb, Alpha Vantage)'],
  ['key', 'Google APIs (Maps, YouTube, …)'],
  ['access_token', 'OAuth 2.0 bearer tokens in the query (RFC 6750 §2.3)'],
  ['id_token', 'OpenID Connect (the implicit flow)'],
  ['refresh_token', 'OAuth 2.0 (RFC 6749 §6)'],
  ['token', 'many APIs'],
  ['code', "OAuth 2.0's authorization code (RFC 6749 §4.1.2)"],
  ['client_secret', 'OAuth 2.0 (RFC 6749 §2.3.1)'],
  ['sig', 'Azure Storage shared access signatures (SAS)'],
  ['signature', 'signed URLs'],
  ['X-Amz-Signature', 'AWS Signature Version 4, presigned URLs'],
  ['X-Amz-Credential', 'AWS Signature Version 4, presigned URLs'],
  ['X-Amz-Security-Token', 'AWS presigned URLs with temporary credentials'],
  ['jwt', 'Atlassian Connect'],
  ['password', 'forms sent with GET'],
  ['passwd', 'forms sent with GET'],
  ['pass', 'forms sent with GET (#29)'],
  ['pw', 'forms sent with GET (#29)'],
  ['pin', 'a PIN (#29)'],
  ['otp', 'a one-time password (#29)'],
  ['sessionid', 'Django'],
  ['PHPSESSID', 'PHP sessions'],
  ['JSESSIONID', 'Java servlet sessions'],
  ['sid', 'session ids'],
  ['private.key', 'a key in a dotted name'],
  ['credentials', 'many APIs'],
  ['accessKey', 'a camelCase access key'],
];

/** Names a test asserts on, and the API's own parameters: never redacted. */
const KEPT: readonly string[] = [
  'content-type',
  'accept',
  'x-request-id',
  'idempotency-key',
  'limit',
  'status',
  'prefer',
  'user-agent',
  'traceparent',
  'country_code',
  'spinner',
  'monkey',
  'keyword',
  'passport',
];

describe('holdsSecret', () => {
  it.each(SECRET_HEADERS)('counts the header %j as a secret (%s)', (name) => expect(holdsSecret(name)).toBe(true));
  it.each(SECRET_PARAMETERS)('counts the query parameter %j as a secret (%s)', (name) => expect(holdsSecret(name)).toBe(true));
  it.each(KEPT)('does not count %j as a secret', (name) => expect(holdsSecret(name)).toBe(false));
  it('compares without case', () => {
    for (const [name] of [...SECRET_HEADERS, ...SECRET_PARAMETERS]) expect(holdsSecret(name.toLowerCase()), name).toBe(true);
  });
});
