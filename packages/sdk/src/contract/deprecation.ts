/** Removal date of `GET /pets/{petId}` (RFC 8594 `Sunset` header value). */
export const GET_PET_SUNSET = 'Thu, 05 Dec 2030 00:00:00 GMT';

/** The same date as an ISO 8601 day, for messages. */
export const GET_PET_REMOVAL_DATE = '2030-12-05';

/**
 * RFC 9745 `Deprecation` value: a structured-field date (`@` + Unix seconds) of
 * when the operation became deprecated, the release of interface version 1.0.0.
 */
export const GET_PET_DEPRECATION = '@1767225600';

/** What replaces `GET /pets/{petId}`. */
export const GET_PET_REPLACEMENT = 'GET /pets with a status filter';

/** `Link` header pointing at the replacement operation, relative to the base address. */
export const GET_PET_LINK = '</v1/pets>; rel="successor-version"';
