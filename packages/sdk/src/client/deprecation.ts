/** A response's deprecation headers (RFC 9745 `Deprecation`, RFC 8594 `Sunset`, and `Link`). */
export interface Deprecation {
  /** The `Deprecation` header as sent, e.g. `@1767225600` (a date as Unix seconds). */
  deprecation: string | undefined;
  /** When the operation will be removed, from `Sunset`. */
  sunset: Date | undefined;
  /** The `Link` header: the replacement or documentation. */
  link: string | undefined;
}

/** The deprecation headers of a response, or undefined when it has none. */
export function parseDeprecation(headers: Headers): Deprecation | undefined {
  const deprecation = headers.get('deprecation') ?? undefined;
  const sunset = headers.get('sunset');
  if (deprecation === undefined && sunset === null) return undefined;
  // Without a Sunset, NaN: an invalid date, as a malformed one gives.
  const sunsetDate = new Date(sunset ?? NaN);
  return {
    deprecation,
    sunset: Number.isNaN(sunsetDate.getTime()) ? undefined : sunsetDate,
    link: headers.get('link') ?? undefined,
  };
}
