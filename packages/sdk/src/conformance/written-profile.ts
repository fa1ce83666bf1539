import * as z from 'zod/mini';
import { describeIssue } from '../contract/issue-messages.js';
import { formatIssues } from '../contract/issues.js';
import { CHOICE_NAMES, PROFILE_VERSION, SERVICE_CHOICES, type ChoiceName, type ServiceProfile } from '../contract/service-profile.js';
import { forAnyDeployment, type ConformanceCase } from './case.js';
import { CONFORMANCE_CASES } from './cases.js';
import type { ConformanceReport } from './report.js';

/**
 * The cases a profile is learnt from: those any deployment is checked with
 * that observe an open choice. The fewest requests that show every choice
 * (the writes among them only where writes are allowed).
 */
export const PROFILE_CASES: readonly ConformanceCase[] = CONFORMANCE_CASES.filter((testCase) => forAnyDeployment(testCase) && testCase.observes !== undefined);

/** Why a choice no answer showed was not observed: the skip of the cases that would have, else what came instead. */
function unobservedReason(report: ConformanceReport, cases: readonly ConformanceCase[], name: ChoiceName): string {
  const unexpected = report.choices.unexpected[name];
  if (unexpected !== undefined) return `no answer showed a value the contract allows: ${unexpected}`;
  const observers = new Set(cases.filter((testCase) => testCase.observes?.includes(name)).map((testCase) => testCase.id));
  const skipped = report.results.find((result) => observers.has(result.id) && result.outcome === 'skip' && !result.probe);
  return skipped?.reason ?? 'no case of the run observes it';
}

/**
 * The profile a run observed: each choice its answers showed, checked against
 * what the contract allows; the choices it could not observe, and those two
 * answers disagreed on, each with why. Neither kind is guessed: the mock plays
 * the kit's choice for them.
 */
export function profileFromReport(report: ConformanceReport, observedAt: string, cases: readonly ConformanceCase[] = PROFILE_CASES): ServiceProfile {
  const choices: Record<string, unknown> = {};
  const unobserved: Partial<Record<ChoiceName, string>> = {};
  const inconsistent: Partial<Record<ChoiceName, string>> = {};
  for (const name of CHOICE_NAMES) {
    const disagreement = report.choices.inconsistent[name];
    if (disagreement !== undefined) {
      inconsistent[name] = disagreement;
      continue;
    }
    const value = report.choices.observed[name];
    if (value === undefined) {
      unobserved[name] = unobservedReason(report, cases, name);
      continue;
    }
    // A choice of several parts is whole only when every part was seen (errorCodes: each kind stands alone).
    const checked = z.safeParse(SERVICE_CHOICES[name], value, { error: describeIssue });
    if (checked.success) choices[name] = checked.data;
    else unobserved[name] = `what the answers showed is not what the contract allows: ${formatIssues('', checked.error.issues.slice(0, 3))}`;
  }
  return {
    profileVersion: PROFILE_VERSION,
    service: report.baseUrl,
    observedAt,
    choices: choices as ServiceProfile['choices'],
    ...(Object.keys(unobserved).length > 0 && { unobserved }),
    ...(Object.keys(inconsistent).length > 0 && { inconsistent }),
  };
}
