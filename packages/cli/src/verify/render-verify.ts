import { operationsThat } from '@petstore/sdk/contract';
import { describeFinding, NAME_PREFIX, WRONG_KEY, type CaseResult, type ConformanceReport, type Outcome } from '@petstore/sdk/conformance';
import type { Paint } from '../output/colour.js';
import { terminalSafe } from '../output/escape.js';
import { padderFor } from '../output/table.js';
import { curlCommand } from './curl.js';

const LABEL: Record<Outcome, string> = { fail: 'FAIL', note: 'NOTE', pass: 'PASS', skip: 'SKIP' };

/** Failures first, then notes, passes and skips, each in the table's order. */
const ORDER: readonly Outcome[] = ['fail', 'note', 'pass', 'skip'];

/** Every piece of text from outside (the server's answers, the base URL) is escaped before it is painted. */
const safe = terminalSafe;

/** `text` (the outcome's label, padded) in the outcome's colour. */
function label(outcome: Outcome, paint: Paint, text = LABEL[outcome]): string {
  if (outcome === 'fail') return paint.red(paint.bold(text));
  if (outcome === 'note') return paint.yellow(text);
  if (outcome === 'pass') return paint.green(text);
  return paint.dim(text);
}

/** A failed or noted case: each finding expected vs received, the reproduction and the request id. */
function details(result: CaseResult, paint: Paint): string[] {
  const lines = result.findings.map(
    (finding) =>
      `    ${safe(describeFinding(finding))}\n      ${paint.dim(safe(finding.spec))}`,
  );
  if (result.response) {
    const { status, requestId, body } = result.response;
    lines.push(`    received: ${status}, request id ${safe(requestId)}${body === '' ? '' : `, body ${safe(body)}`}`);
  }
  if (result.request) lines.push(`    ${paint.dim('reproduce:')} ${safe(curlCommand(result.request, WRONG_KEY))}`);
  return lines;
}

/**
 * The cases as a table (result, operation, documented status, case), failures
 * first, each failure or note followed by its details. Cells are escaped
 * before they are measured, so the columns line up with what is shown.
 */
async function caseLines(report: ConformanceReport, paint: Paint): Promise<string[]> {
  // The cases a stopped run never reached share one line, not one each.
  const stoppedReason = report.stopped && `the run stopped: ${report.stopped.message}`;
  const unreached = report.results.filter((result) => result.outcome === 'skip' && result.reason === stoppedReason).length;
  // A probe that had nothing left to learn is not a check: it is left out.
  const shownResults = ORDER.flatMap((outcome) =>
    report.results.filter((result) => result.outcome === outcome && !(outcome === 'skip' && (result.reason === stoppedReason || result.probe))),
  );
  const header = ['RESULT', 'OPERATION', 'STATUS', 'CASE'];
  const rows = shownResults.map((result) => [LABEL[result.outcome], result.operation ?? '-', String(result.status), safe(result.title)]);
  const pad = await padderFor(header, rows);
  // The first column is painted after it is padded: colour codes take no columns.
  const line = (row: string[], outcome: Outcome) => row.map((cell, column) => (column === 0 ? label(outcome, paint, pad(cell, 0)) : pad(cell, column))).join('  ').trimEnd();
  return [
    paint.bold(header.map(pad).join('  ').trimEnd()),
    ...shownResults.flatMap((result, index) => [
      `${line(rows[index] ?? [], result.outcome)}${result.reason === undefined ? '' : paint.dim(` — ${safe(result.reason)}`)}`,
      ...(result.outcome === 'fail' || result.outcome === 'note' ? details(result, paint) : []),
    ]),
    ...(unreached > 0 ? [`${label('skip', paint)}  ${unreached} more case${unreached === 1 ? '' : 's'}${paint.dim(` — ${safe(stoppedReason ?? '')}`)}`] : []),
  ];
}

async function matrixLines(report: ConformanceReport, paint: Paint): Promise<string[]> {
  const rows = report.matrix.map((cell) => [cell.operation, String(cell.status), cell.state, cell.reason ?? `${cell.cases.length} case${cell.cases.length === 1 ? '' : 's'}${cell.notes > 0 ? `, ${cell.notes} noted` : ''}`]);
  const header = ['OPERATION', 'STATUS', 'COVERAGE', 'DETAIL'];
  const pad = await padderFor(header, rows);
  const paintState = (state: string, text: string) => (state === 'failed' ? paint.red(text) : state === 'skipped' ? paint.dim(text) : text);
  return [paint.bold(header.map(pad).join('  ').trimEnd()), ...rows.map((row) => paintState(row[2] ?? '', safe(row.map(pad).join('  ').trimEnd())))];
}

/** How many cases break the contract, and how many drifted from the service profile (a case may do both). */
export function failedCases(report: ConformanceReport): { violations: number; drifted: number } {
  const count = (test: (finding: CaseResult['findings'][number]) => boolean) => report.results.filter((result) => result.findings.some(test)).length;
  return { violations: count((finding) => finding.level === 'required' && !finding.drift), drifted: count((finding) => finding.drift === true) };
}

/**
 * The heading of the animals a run leaves on the service, worded by the
 * effects in the operations table: the report lists those created and not
 * removed (recordEffect() in the conformance engine), and says so where an
 * operation removes.
 */
function createdHeading(runId: string): string {
  const names = `names start with ${NAME_PREFIX}${safe(runId)}`;
  return operationsThat('removes').length === 0 ? `Animals created (no operation removes them; ${names}):` : `Animals created and not removed (${names}):`;
}

/** The report for people: cases (failures first), the coverage matrix, the animals created, the verdict. */
export async function renderVerifyReport(report: ConformanceReport, paint: Paint): Promise<string> {
  const { summary } = report;
  const { violations, drifted } = failedCases(report);
  const cases = (count: number) => `${count} case${count === 1 ? '' : 's'}`;
  const verdict =
    report.stopped !== undefined
      ? paint.red(`stopped: ${safe(report.stopped.message)} (request id ${safe(report.stopped.requestId)})`)
      : summary.fail > 0
        ? paint.red([violations > 0 && `not conformant: ${cases(violations)} violate the contract`, drifted > 0 && `drift: ${cases(drifted)} differ from the service profile`].filter(Boolean).join('; '))
        : paint.green('conformant');
  const created =
    report.created.length === 0
      ? ['Animals created: none']
      : [createdHeading(report.runId), ...report.created.map((pet) => `  ${pet.id}  ${safe(pet.name)}  ${safe(pet.status ?? '')}`.trimEnd())];
  return [
    `petstore verify ${safe(report.baseUrl)} (run ${safe(report.runId)}, ${report.requests} request${report.requests === 1 ? '' : 's'}${report.allowWrites ? '' : ', no writes'})`,
    '',
    ...(await caseLines(report, paint)),
    '',
    paint.bold('Coverage (operation × documented status):'),
    ...(await matrixLines(report, paint)),
    '',
    ...created,
    '',
    `${summary.pass} passed, ${summary.fail} failed, ${summary.note} noted, ${summary.skip} skipped: ${verdict}`,
    '',
  ].join('\n');
}
