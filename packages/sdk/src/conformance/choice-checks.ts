import type { ChoiceName, ServiceChoices } from '../contract/service-profile.js';
import type { RunState } from './case.js';
import { finding, shown, type Finding } from './checks.js';

/** What a case saw of a choice: its value, or part of it for a choice with several parts (`{ not_found: 'NOT_FOUND' }`). */
export type Observed<Name extends ChoiceName> = ServiceChoices[Name] extends object ? Partial<ServiceChoices[Name]> : ServiceChoices[Name];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * What a case saw of one open choice: recorded (for `--write-profile`; a second
 * probe that disagrees makes the choice inconsistent) and compared with the
 * expected one, the profile's or else the kit's. A difference is a note
 * without a profile and drift with one. `observed` is `undefined` when the
 * answer is none of the values the contract allows; `received` says what came,
 * as a reader of the report needs it (`limit=101 → 200 with 100 animals`).
 */
export function choice<Name extends ChoiceName>(state: RunState, name: Name, observed: Observed<Name> | undefined, received: string, spec: string): Finding[] {
  const expected: unknown = state.choices[name];
  // A choice of several parts is seen, and compared, part by part.
  const parts: [string | undefined, unknown, unknown][] = isRecord(expected)
    ? Object.entries(isRecord(observed) ? observed : {}).map(([key, value]) => [key, value, expected[key]])
    : [[undefined, observed, expected]];
  if (observed === undefined && isRecord(expected)) parts.push([undefined, undefined, expected]);
  return parts.flatMap(([key, value, wanted]) => {
    const what = key === undefined ? name : `${name}.${key}`;
    record(state, name, key, value, received);
    if (value !== undefined && value === wanted) return [];
    const named: unknown = state.named[name];
    const drift = key === undefined ? named !== undefined : isRecord(named) && named[key] !== undefined;
    return [{ ...finding(drift ? 'required' : 'note', `choice ${what}`, shown(wanted), received, spec), ...(drift && { drift: true }) }];
  });
}

/** Keeps what was seen of `name` (or its part `key`); a different value seen before makes it inconsistent. */
function record(state: RunState, name: ChoiceName, key: string | undefined, value: unknown, received: string): void {
  if (value === undefined) {
    state.unexpected[name] ??= received;
    return;
  }
  const seen = state.observed as Record<string, unknown>;
  const before = key === undefined ? seen[name] : isRecord(seen[name]) ? seen[name][key] : undefined;
  const what = key === undefined ? name : `${name}.${key}`;
  if (before !== undefined && before !== value) {
    state.inconsistent[name] = `${what}: ${shown(before)} in one answer, ${shown(value)} in another (${received})`;
    return;
  }
  if (key === undefined) seen[name] = value;
  else seen[name] = { ...(isRecord(seen[name]) ? seen[name] : {}), [key]: value };
}
