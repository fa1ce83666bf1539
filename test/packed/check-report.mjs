// One line per check as it ends ("pass" or "fail", its name, its seconds), the
// details indented below it, and the closing count.
const indent = (text) => text.replace(/^/gm, '      ');

export function createCheckReport(write = (line) => process.stdout.write(`${line}\n`)) {
  let passed = 0;
  let failed = 0;
  const print = (ok, name, seconds, details) => {
    if (ok) passed += 1;
    else failed += 1;
    write(`${ok ? 'pass' : 'fail'}  ${name}  (${seconds.toFixed(1)} s)`);
    for (const detail of details) write(indent(detail));
  };
  return {
    /**
     * Runs `body(note)`; `note(text)` adds a detail line. Resolves to true
     * when it passed, false when it threw (the error's message is the detail).
     */
    async check(name, body) {
      const details = [];
      const started = performance.now();
      try {
        await body((text) => details.push(text));
        print(true, name, (performance.now() - started) / 1000, details);
        return true;
      } catch (error) {
        details.push(error instanceof Error ? error.message : String(error));
        print(false, name, (performance.now() - started) / 1000, details);
        return false;
      }
    },
    /** A check that could not run because `reason` failed first: counted as failed. */
    notRun(name, reason) {
      print(false, name, 0, [`not run: ${reason}`]);
    },
    summary: () => ({ passed, failed }),
  };
}
