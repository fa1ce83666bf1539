// The built `petstore verify` against the mock with one behaviour broken each
// (verify-mutants.ts, served by mutant-server.ts).
import type { ConformanceReport } from '@petstore/sdk/conformance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMutantServer, type Mutation } from './mutant-server.js';
import { createCli, createTempDirs, DEV_KEY, type Cli } from './support.js';
import { MUTANTS } from './verify-mutants.js';

const tempDirs = createTempDirs();
let cli: Cli;

beforeAll(async () => {
  cli = await createCli(tempDirs);
});
afterAll(() => tempDirs.removeAll());

/** The built `petstore verify --json` against a mutant server, with the development key: its exit code and report. */
async function verifyAgainst(mutation: Mutation) {
  const server = await startMutantServer(mutation);
  try {
    const result = await cli.run(['verify', '--base-url', server.url, '--json'], { env: { PETSTORE_API_KEY: DEV_KEY } });
    return { code: result.code, stderr: result.stderr, report: JSON.parse(result.stdout) as ConformanceReport };
  } finally {
    await server.close();
  }
}

/** Every finding of the report, one line each, for the assertion messages. */
const findingLines = (report: ConformanceReport) =>
  report.results.flatMap((result) => result.findings.map((item) => `${result.id}: ${item.level} ${item.what}: expected ${item.expected}, received ${item.received}`));

describe('petstore verify against the mock with one behaviour broken', () => {
  it('passes the mock through the same server unchanged, without a note: every finding below is the mutation', async () => {
    const { code, stderr, report } = await verifyAgainst({});
    expect(findingLines(report), stderr).toEqual([]);
    expect(report.summary).toMatchObject({ fail: 0, note: 0, skip: 0 });
    expect(code).toBe(0);
  });

  it.concurrent.for(MUTANTS)('catches $name', async (mutant) => {
    const { code, stderr, report } = await verifyAgainst(mutant);
    const lines = findingLines(report).join('\n');
    expect(code, `${stderr}\n${lines}`).toBe(mutant.exitCode);
    if (mutant.stopped) {
      expect(report.stopped?.reason).toBe(mutant.stopped);
      return;
    }
    const { caseId, level, what, expected, received } = mutant.finding ?? {};
    const result = report.results.find((item) => item.id === caseId);
    expect(result?.outcome, lines).toBe(level === 'required' ? 'fail' : 'note');
    // The case names what differs, with what the contract expects and what the server answered.
    expect(result?.findings, lines).toContainEqual(expect.objectContaining({ level, what, expected: expect.stringMatching(expected ?? /^$/), received: expect.stringMatching(received ?? /^$/) }));
    // A mutant of something the specification requires fails the run; one of an open choice only notes it.
    expect(report.summary.fail > 0).toBe(mutant.exitCode === 1);
  });
});
