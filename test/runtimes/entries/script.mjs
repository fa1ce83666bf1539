// The conformance suite in a runtime that runs a script file: Node.js, Bun and
// Deno (Deno 2 has a global `process`). run.mjs copies this file next to the
// bundle and runs `<runtime> script.mjs <baseUrl> <apiKey>`.
import { runConformance } from './conformance.js';

const [baseUrl, apiKey] = process.argv.slice(2);
const { failed } = await runConformance({ baseUrl, apiKey });
process.exitCode = failed === 0 ? 0 : 1;
