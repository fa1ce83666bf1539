import { describe, expect, it } from 'vitest';
import type { RefusedRequest } from '../core/index.js';
import { checkRefusals } from './refusal-check.js';

const misspelt: RefusedRequest = {
  method: 'POST',
  path: '/v1/pets',
  status: 400,
  requestId: 'r-1',
  operation: 'createPet',
  code: 'invalid_request',
  message: 'body.name: is required; body: unknown field: nam; allowed fields are name, categoryId, status',
};
const wrongPath: RefusedRequest = { method: 'GET', path: '/v1/pet', status: 404, requestId: 'r-2', code: 'route_not_found', message: 'No operation at /v1/pet; did you mean GET /v1/pets?' };

describe('checkRefusals', () => {
  it('passes a test that sent nothing refused and expected nothing', () => {
    expect(checkRefusals([], [])).toBeUndefined();
  });

  it('fails an unexpected refusal with the mock\'s explanation and the one line that would expect it', () => {
    const error = checkRefusals([misspelt], []);
    expect(error?.name).toBe('RefusedRequestError');
    expect(error?.message).toContain('The mock refused POST /v1/pets with 400 invalid_request (request r-1), and nothing in the test staged that failure: body.name: is required; body: unknown field: nam');
    expect(error?.message).toContain('expectRefused({"operation":"createPet","code":"invalid_request"})');
  });

  it('names every unexpected refusal once, by method and path where no operation was reached', () => {
    const error = checkRefusals([misspelt, wrongPath], []);
    expect(error).toBeInstanceOf(AggregateError);
    expect(error?.message).toMatch(/^The mock refused 2 requests of this test:\n {2}- The mock refused POST \/v1\/pets .*\n {2}- The mock refused GET \/v1\/pet with 404 route_not_found/);
    expect(error?.message).toContain('expectRefused({"method":"GET","path":"/v1/pet","code":"route_not_found"})');
  });

  it('passes refusals an expectation covers, any number of them', () => {
    expect(checkRefusals([misspelt, misspelt], [{ operation: 'createPet' }])).toBeUndefined();
    expect(checkRefusals([misspelt, wrongPath], [{}])).toBeUndefined();
    expect(checkRefusals([wrongPath], [{ method: 'get', path: '/v1/pet', status: 404, code: 'route_not_found' }])).toBeUndefined();
  });

  it('fails a refusal the expectations do not cover, though another was expected', () => {
    expect(checkRefusals([misspelt, wrongPath], [{ code: 'invalid_request' }])?.message).toContain('GET /v1/pet with 404');
  });

  it('fails an expectation no refusal met, saying what was refused instead', () => {
    expect(checkRefusals([], [{ operation: 'createPet' }])?.message).toBe('The test expected a refused request (expectRefused({"operation":"createPet"})), but it refused none.');
    expect(checkRefusals([wrongPath], [{}, { status: 400 }])?.message).toBe(
      'The test expected a refused request (expectRefused({"status":400})), but it refused only GET /v1/pet (404 route_not_found).',
    );
  });
});
