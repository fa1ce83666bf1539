import {
  ApiError,
  AuthenticationError,
  BadRequestError,
  isApiError,
  isAuthenticationError,
  isBadRequestError,
  isNotFoundError,
  isPetstoreError,
  isServerError,
  isTimeoutError,
  NotFoundError,
  TimeoutError,
} from '@petstore/sdk';
import { check, equal, isExactly, rejectionOf } from './assert.js';
import type { ClientCase } from './client-case.js';

export const errorCases: ClientCase[] = [
  {
    name: 'a key the service refuses is an AuthenticationError (401) whose message, stack and JSON never show the key',
    run: async ({ client }) => {
      const key = 'conformance-wrong-key-7d1e';
      const error = await rejectionOf(client({ apiKey: key }).pets.list(), 'list with a wrong key');
      isExactly(error, AuthenticationError, 'AuthenticationError');
      equal(error.status, 401, 'status');
      equal(error.code, 'unauthorized', 'code');
      const shown = { message: error.message, 'String()': String(error), stack: error.stack ?? '', JSON: JSON.stringify(error) };
      for (const [what, text] of Object.entries(shown)) check(!text.includes(key), `the key appears in the error's ${what}`);
    },
  },
  {
    name: 'an unknown id is a NotFoundError (404) with the Error body',
    run: async ({ client }) => {
      const error = await rejectionOf(client({ deprecationWarnings: false }).pets.get(999_999), 'get(999999)');
      isExactly(error, NotFoundError, 'NotFoundError');
      equal(error.status, 404, 'status');
      equal(error.code, 'not_found', 'code');
      check(error.requestId, 'a request id');
    },
  },
  {
    name: 'a 400 from the service is a BadRequestError, not retried',
    run: async ({ client, admin }) => {
      const error = await rejectionOf(client().pets.list({}, { headers: { prefer: 'code=400' } }), 'list with Prefer: code=400');
      isExactly(error, BadRequestError, 'BadRequestError');
      equal(error.status, 400, 'status');
      equal((await admin.requests('listPets')).length, 1, 'requests that reached the mock');
    },
  },
  {
    name: 'the guards tell the errors apart and take nothing else for one of them',
    run: async ({ client }) => {
      const petstore = client({ deprecationWarnings: false });
      const notFound = await rejectionOf(petstore.pets.get(999_999), 'get(999999)');
      const badRequest = await rejectionOf(petstore.pets.list({}, { headers: { prefer: 'code=400' } }), 'list with Prefer: code=400');
      const unauthorized = await rejectionOf(client({ apiKey: 'conformance-wrong-key' }).pets.list(), 'list with a wrong key');
      const results = {
        'isNotFoundError(404)': isNotFoundError(notFound),
        'isBadRequestError(400)': isBadRequestError(badRequest),
        'isAuthenticationError(401)': isAuthenticationError(unauthorized),
        'isApiError(404)': isApiError(notFound),
        'isPetstoreError(401)': isPetstoreError(unauthorized),
        'instanceof ApiError (400)': badRequest instanceof ApiError,
        'isNotFoundError(400)': !isNotFoundError(badRequest),
        'isServerError(404)': !isServerError(notFound),
        'isPetstoreError(new Error())': !isPetstoreError(new Error('x')),
        "isTimeoutError(DOMException('…', 'TimeoutError'))": !isTimeoutError(new DOMException('timed out', 'TimeoutError')),
      };
      const wrong = Object.entries(results).flatMap(([guard, right]) => (right ? [] : [guard]));
      check(wrong.length === 0, `guards that answered wrongly: ${wrong.join(', ')}`);
    },
  },
  {
    name: 'an attempt slower than timeout ends in TimeoutError',
    run: async ({ client, admin }) => {
      await admin.arm({ operation: 'listPets', delayMs: 3_000 });
      const error = await rejectionOf(client({ timeout: 300, maxRetries: 0 }).pets.list(), 'a list answered after 3 s');
      isExactly(error, TimeoutError, 'TimeoutError');
      check(isTimeoutError(error), 'isTimeoutError');
    },
  },
];
