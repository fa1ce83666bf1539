import * as z from 'zod/mini';

/**
 * Every `code` an Error body can carry, one per kind of failure, with the HTTP
 * status it goes with. The specification leaves the set open; docs/decisions.md
 * explains each.
 */
export const ERROR_CODES = {
  invalid_request: 400,
  invalid_json: 400,
  unauthorized: 401,
  not_found: 404,
  route_not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  id_space_exhausted: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  headers_too_large: 431,
  internal_error: 500,
} as const satisfies Record<string, number>;

/** A `code` value defined by this version of the API. */
export type ErrorCode = keyof typeof ERROR_CODES;

/**
 * The body of every error response. `code` is a plain string rather than an
 * enum so that a client keeps working when the service adds a code.
 */
export const ErrorBody = /* @__PURE__ */ z.object({
  code: z.string(),
  message: z.string(),
  status: z.int().check(z.minimum(100), z.maximum(599)),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
