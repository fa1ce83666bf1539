import { performance } from 'node:perf_hooks';
import { rm } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { CliError } from '../errors/cli-error.js';
import type { CommandContext } from './context.js';
import { EXIT, type ExitCode } from '../errors/exit-codes.js';
import type { ImportFlags } from '../tables/import-flags.js';
import { checkRow } from '../import/check-row.js';
import { concurrencyFlag } from '../import/concurrency-flag.js';
import { inputFormat } from '../import/input-format.js';
import { countOf, importExitCode, incompleteError, noRows, summaryText, type RowCounts } from '../import/outcome.js';
import { parseInput } from '../import/parse-input.js';
import { createProgressBar, NO_PROGRESS, type ProgressBar } from '../import/progress-bar.js';
import { readRegularFile } from '../io/read-regular-file.js';
import { resumeCommand } from '../import/resume-command.js';
import { createResumeFile, resumeFileName, type ResumeFile } from '../import/resume-file.js';
import { checkReportFits, readReport, type AddedBefore } from '../import/resume-report.js';
import type { RowResult } from '../import/row-result.js';
import type { SendControl } from '../import/send-control.js';
import { sendRows, type PendingRow } from '../import/send-rows.js';
import { rowLabel, type SourceRows } from '../import/source-row.js';
import { INPUT_LIMITS } from '../io/limits.js';
import { renderImportLine, renderImportReport } from '../output/render-import.js';
import { plannedRequest } from '../output/render-requests.js';
import { printDryRun } from './dry-run.js';
import { stringifyJson } from '../output/escape.js';
import { readStream } from '../io/read-stream.js';
import { toFailure } from '../errors/to-exit.js';

/** How many invalid rows are listed when none is sent; the rest are counted. */
const INVALID_ROWS_LISTED = 20;

type InvalidRow = Extract<RowResult, { status: 'invalid' }>;

/** Rows split by what happens to them before anything is sent. */
function partitionRows(source: SourceRows, addedBefore: ReadonlyMap<number, AddedBefore>) {
  const skipped: RowResult[] = [];
  const invalid: InvalidRow[] = [];
  const pending: PendingRow[] = [];
  for (const row of source.rows) {
    const before = addedBefore.get(row.row);
    if (before) {
      skipped.push({ row: row.row, status: 'skipped', id: before.id, name: before.name });
      continue;
    }
    const checked = checkRow(row);
    if ('pet' in checked) pending.push(checked);
    else invalid.push({ row: checked.row, status: 'invalid', ...(checked.name === undefined ? {} : { name: checked.name }), error: { code: 'invalid_input', message: checked.problem } });
  }
  return { skipped, invalid, pending };
}

/** Notes and the summary on stderr: JSON lines when context.note writes them so. */
function createStderr(context: CommandContext) {
  const json = context.stderrJson;
  const line = (value: object) => context.io.stderr.write(`${stringifyJson(value)}\n`);
  return {
    note: context.note,
    summary: (counts: RowCounts, seconds: number) => (json ? line({ summary: { ...counts, seconds: Number(seconds.toFixed(3)) } }) : context.note(summaryText(counts, seconds))),
  };
}

/** Invalid rows on stderr, each with its line or item: the first INVALID_ROWS_LISTED, then how many more. */
function listInvalid(note: (text: string) => void, source: SourceRows, invalid: readonly InvalidRow[]): void {
  for (const row of invalid.slice(0, INVALID_ROWS_LISTED)) note(`${rowLabel(source.unit, row.row)}: ${row.error.message}`);
  if (invalid.length > INVALID_ROWS_LISTED) note(`… and ${(invalid.length - INVALID_ROWS_LISTED).toLocaleString('en-US')} more`);
}

/** Without --skip-invalid, invalid rows stop the import before anything is sent: each is listed on stderr. */
function refuseInvalid(note: (text: string) => void, what: string, source: SourceRows, invalid: readonly InvalidRow[]): CliError {
  listInvalid(note, source, invalid);
  return new CliError(`${what}: ${countOf(invalid.length, 'invalid row')}, so nothing was sent; fix them, or send the valid rows with --skip-invalid`, EXIT.usage, 'invalid_input');
}

/**
 * `--dry-run`: every row read and checked as for a real run (an invalid row
 * without --skip-invalid has already stopped it, exit 2), then each create
 * printed instead of sent. Nothing is sent, no resume file is written or removed.
 */
async function dryRun(context: CommandContext, source: SourceRows, rows: { skipped: readonly RowResult[]; invalid: readonly InvalidRow[]; pending: readonly PendingRow[] }): Promise<void> {
  const { skipped, invalid, pending } = rows;
  listInvalid(context.note, source, invalid);
  // The base URL (and key, --timeout, proxy variables) resolved as the real run would, only when it would send.
  const baseUrl = pending.length > 0 ? (await context.connection()).baseUrl : '';
  const unsent = [invalid.length > 0 && countOf(invalid.length, 'invalid row'), skipped.length > 0 && `${countOf(skipped.length, 'row')} added before (--resume)`].filter((text) => text !== false);
  await printDryRun(context, pending.map(({ row, pet }) => plannedRequest('createPet', baseUrl, { body: pet }, row)), source.unit, unsent);
}

/**
 * The resume file of this run, and the command that sends the rest with it;
 * without one (a folder that cannot be written) the import goes on, with a warning.
 */
async function startResume(context: CommandContext, file: string, text: string, flags: ImportFlags, skipped: readonly RowResult[]): Promise<{ file: ResumeFile; command: string } | undefined> {
  try {
    const [folder, { baseUrl }] = await Promise.all([context.store.privateFolder('imports'), context.settings()]);
    const resume = await createResumeFile(folder, resumeFileName(file, text, baseUrl), skipped, context.note);
    return { file: resume, command: resumeCommand(file, flags, context.options, resume.path) };
  } catch (error) {
    context.note(`warning: no resume file is kept (${toFailure(error).message}); a report from --format ndjson is what --resume can read`);
    return undefined;
  }
}

/** Removes `report` if it is a resume file in the config folder's imports/ (never a report the user keeps elsewhere). */
async function removeSpentResumeFile(context: CommandContext, report: string): Promise<void> {
  try {
    const folder = await context.store.privateFolder('imports');
    if (dirname(resolve(report)) === folder) await rm(resolve(report), { force: true });
  } catch {
    // Left for the next run's pruning.
  }
}

type Resume = NonNullable<Awaited<ReturnType<typeof startResume>>>;

/** The input, read within its bound and parsed, and what a `--resume` report says was added before. */
async function readImport(context: CommandContext, file: string, flags: ImportFlags) {
  const format = inputFormat(file, flags.inputFormat);
  const what = file === '-' ? 'stdin' : file;
  const text = file === '-' ? await readStream(context.io.stdin, INPUT_LIMITS.import, 'pets import -') : await readRegularFile(file, INPUT_LIMITS.import, what, '; pipe it to stdin with - instead');
  const source = await parseInput(format, text, what);
  const addedBefore = flags.resume === undefined ? new Map<number, AddedBefore>() : await readReport(flags.resume);
  if (flags.resume !== undefined) checkReportFits(addedBefore, source, flags.resume, what);
  return { what, text, source, addedBefore };
}

/** Each row's result as it comes: streamed (NDJSON, TSV) as each create returns, else kept for the report at the end; counted either way. */
function createPrinter(context: CommandContext, progress: ProgressBar) {
  const streaming = context.format === 'ndjson' || context.format === 'tsv' ? context.format : undefined;
  const sameScreen = context.io.stdout.isTTY === true;
  const results: RowResult[] = [];
  const counts = noRows();
  const print = (result: RowResult) => {
    counts[result.status] += 1;
    if (!streaming) return void results.push(result);
    // Written as each create returns: the report is complete up to any interruption.
    // The bar is lifted off only when stdout is the same terminal; a pipe or a file never disturbs it.
    if (sameScreen) progress.clear();
    context.out(renderImportLine(result, streaming));
    if (sameScreen) progress.redraw();
  };
  return { streaming, results, counts, print };
}

interface Sending {
  create: (pet: PendingRow['pet']) => PromiseLike<{ id: number }>;
  pending: readonly PendingRow[];
  concurrency: number;
  control: SendControl;
  progress: ProgressBar;
  resume: Resume | undefined;
  note: (text: string) => void;
  /** Each row's result, as it comes. */
  onResult: (result: RowResult) => void;
  /** The exit codes of the failed rows. */
  rowCodes: Set<ExitCode>;
}

/** Sends the pending rows until done or interrupted (the first Ctrl-C lets the requests in flight finish); returns those not sent. */
async function sendPending(context: CommandContext, run: Sending): Promise<readonly PendingRow[]> {
  const { control, progress, resume } = run;
  const release = context.io.onInterrupt?.(() => {
    control.interrupted = true;
    progress.clear();
    const later = resume ? `; to send the rest later, run ${resume.command}` : '';
    run.note(`interrupted: no more rows are sent; waiting for the requests in flight (Ctrl-C again quits at once, and loses their results)${later}`);
  });
  try {
    return await sendRows(run.pending, {
      create: run.create,
      concurrency: run.concurrency,
      control,
      onResult: (result, failure) => {
        progress.advance();
        if (failure) run.rowCodes.add(failure.exitCode);
        if (result.status === 'added') resume?.file.record(result);
        run.onResult(result);
      },
    });
  } finally {
    progress.stop();
    release?.();
  }
}

/** What to do about the rows not added, as the incomplete import's error says it. */
function nextStep(resumable: boolean, resume: Resume | undefined, streaming: 'ndjson' | 'tsv' | undefined): string {
  if (resumable && resume) return `to send only the rest, run ${resume.command}`;
  if (streaming === 'ndjson') return 'run it again with --resume REPORT (the NDJSON on stdout) to send the rest';
  return 'a report from --format ndjson lets --resume send only the rest';
}

/**
 * `pets import FILE|-`: checks every row against the contract, then creates
 * them `--concurrency` at a time, printing a report row as each finishes
 * (with --dry-run, prints the creates instead: see dryRun).
 */
export async function importPets(context: CommandContext, file: string, flags: ImportFlags): Promise<void> {
  const started = performance.now();
  const concurrency = concurrencyFlag(flags.concurrency);
  const { what, text, source, addedBefore } = await readImport(context, file, flags);
  const { skipped, invalid, pending } = partitionRows(source, addedBefore);
  const stderr = createStderr(context);
  if (invalid.length > 0 && !flags.skipInvalid) throw refuseInvalid(stderr.note, what, source, invalid);
  if (flags.dryRun === true) return dryRun(context, source, { skipped, invalid, pending });
  const client = pending.length > 0 ? await context.client() : undefined;
  // A resume file of ours with nothing left to send has done its work.
  if (!client && flags.resume !== undefined && invalid.length === 0) await removeSpentResumeFile(context, flags.resume);
  // Kept as rows are added, so that an interrupted run can always be resumed, whatever the report's format.
  const resume = client ? await startResume(context, file, text, flags, skipped) : undefined;

  // On a terminal only: it is erased at the end, and a pipe or file never sees it.
  const progress = context.io.stderr.isTTY === true && pending.length > 0 ? createProgressBar(context.io.stderr, pending.length) : NO_PROGRESS;
  const { streaming, results, counts, print } = createPrinter(context, progress);
  skipped.forEach(print);
  invalid.forEach(print);
  const control: SendControl = { interrupted: false };
  const rowCodes = new Set<ExitCode>(invalid.length > 0 ? [EXIT.rejected] : []);
  const notSent = client
    ? await sendPending(context, { create: (pet) => client.pets.create(pet), pending, concurrency, control, progress, resume, note: stderr.note, onResult: print, rowCodes })
    : [];
  for (const { row, pet } of notSent) print({ row, status: 'not_sent', name: pet.name });
  const resumable = (await resume?.file.finish(counts.failed + counts.not_sent > 0)) === true;
  if (!streaming && (results.length > 0 || context.format === 'json')) {
    const paint = await context.paint();
    if (context.format === 'json') await context.outJson(await renderImportReport(results, 'json', source.unit, paint));
    else context.out(await renderImportReport(results, 'table', source.unit, paint));
  }

  stderr.summary(counts, (performance.now() - started) / 1000);
  const exitCode = importExitCode(control.interrupted, rowCodes);
  if (exitCode === EXIT.ok) return;
  throw incompleteError(exitCode, control, counts, nextStep(resumable, resume, streaming));
}
