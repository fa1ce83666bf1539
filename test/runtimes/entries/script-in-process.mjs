// The conformance suite against the in-process mock fetch, in a runtime that
// runs a script file (Bun, Deno): run.mjs copies this file next to the bundle
// and runs `<runtime> script-in-process.mjs`. No network: Deno runs it without
// any permission.
import { runInProcess } from './conformance-in-process.js';

const { failed } = await runInProcess();
process.exitCode = failed === 0 ? 0 : 1;
