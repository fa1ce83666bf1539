// Prints vitest's JSON report as one plain closing line, "N passed, N failed",
// that any reader of the log (people and CI alike) can find. Exits non-zero
// when the report is missing or counts no test at all.
import { readFileSync } from 'node:fs';

const [reportPath] = process.argv.slice(2);
const report = JSON.parse(readFileSync(reportPath, 'utf8'));
const { numPassedTests: passed, numFailedTests: failed, numPendingTests: skipped, numTodoTests: todo } = report;
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped + todo} skipped`);
if (passed + failed === 0) {
  console.error('no test ran');
  process.exit(1);
}
process.exit(failed === 0 ? 0 : 1);
