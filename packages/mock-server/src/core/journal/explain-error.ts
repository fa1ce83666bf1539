import type { ErrorExplanation } from '../api/exchange.js';

/**
 * The explanation of an error answer, read from its Error body, whoever wrote
 * it (the core, an override, a documented example): the one source of what the
 * request log and the journal say. Undefined for a success or a body that is
 * no Error body.
 */
export function explainError(status: number, body: string | undefined): ErrorExplanation | undefined {
  if (status < 400 || body === undefined) return undefined;
  try {
    const parsed = JSON.parse(body) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { code, message } = parsed as Record<string, unknown>;
    return typeof code === 'string' && typeof message === 'string' ? { code, message } : undefined;
  } catch {
    return undefined;
  }
}
