#!/usr/bin/env node
// pnpm verify:prism — `petstore verify` against a peer: Prism 5 serving our OpenAPI document
// (packages/sdk/openapi.json) on 127.0.0.1, in its default static mode (and, with --dynamic, its
// dynamic one). Prints verify's report as an operator sees it and writes verify's --json report to
// .bench/verify-prism.json. What it finds, explained: docs/verify-against-prism.md. Not a test: Prism is
// no dependency of the project (lib/prism.mjs installs it into .tools/prism-5 on first use).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { installExitHandlers, stopChild } from './lib/children.mjs';
import { parseFlags } from './lib/flags.mjs';
import { startPrism } from './lib/prism.mjs';
import { requireBuilt, ROOT, writeSummary } from './lib/report.mjs';

const SCRIPT = 'bench/verify-prism.mjs';
const flags = parseFlags(
  SCRIPT,
  { dynamic: { type: 'boolean' } },
  `Usage: node ${SCRIPT} [options]   (pnpm verify:prism)

  --dynamic   run Prism with --dynamic (answers generated from the schemas) instead of its
              default static mode (the documented examples)
  -h, --help  show this help`,
);
const CLI = join(ROOT, 'packages/cli/dist/bin.js');
// Prism asks for a bearer token and accepts any; this one is no secret.
const KEY = 'verify-against-prism';

requireBuilt(SCRIPT, CLI);
installExitHandlers(SCRIPT, 600_000);
const scratch = mkdtempSync(join(tmpdir(), 'petstore-verify-prism-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
// A copy of the document (Prism reloads when its file changes, and packages/ may be rebuilt meanwhile),
// its paths under /v1: Prism serves `paths` at its root, ignoring the servers' /v1, and the CLI's base
// URL ends in /v1. Nothing else changes.
const document = JSON.parse(readFileSync(join(ROOT, 'packages/sdk/openapi.json'), 'utf8'));
document.paths = Object.fromEntries(Object.entries(document.paths).map(([path, item]) => [`/v1${path}`, item]));
writeFileSync(join(scratch, 'openapi.json'), JSON.stringify(document));
const configDir = join(scratch, 'config');
mkdirSync(configDir, { mode: 0o700 });
// Nothing from the developer's petstore set-up: the key above, a configuration folder of this run.
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(PETSTORE_|NODE_OPTIONS$|FORCE_COLOR$)/.test(name)));
Object.assign(env, { PETSTORE_API_KEY: KEY, PETSTORE_CONFIG_DIR: configDir, NO_COLOR: '1' });

/** `petstore verify --base-url URL ...args`; returns its exit code and output. */
function verify(baseUrl, args) {
  const run = spawnSync(process.execPath, [CLI, 'verify', '--base-url', baseUrl, ...args], { env, encoding: 'utf8', timeout: 120_000, maxBuffer: 64 * 1024 * 1024 });
  if (run.error) throw run.error;
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

let prism;
let failure;
try {
  // Prism logs a line per request at info; `Starting Prism` is what lib/prism.mjs waits for.
  prism = await startPrism(join(scratch, 'openapi.json'), 'info', flags.dynamic ? ['--dynamic'] : []);
  const baseUrl = `${prism.origin}/v1`;
  const mode = flags.dynamic ? 'dynamic' : 'static';
  process.stdout.write(`petstore verify against Prism ${prism.version} (${mode} mode) serving packages/sdk/openapi.json at ${baseUrl}\n\n`);
  const text = verify(baseUrl, []);
  process.stdout.write(text.stdout + text.stderr);
  process.stdout.write(`\nexit code ${text.code}\n`);
  const json = verify(baseUrl, ['--json']);
  let report;
  try {
    report = JSON.parse(json.stdout);
  } catch {
    throw new Error(`verify --json printed no JSON (exit code ${json.code}):\n${json.stdout.slice(0, 2000)}\n${json.stderr.slice(0, 2000)}`);
  }
  const name = flags.dynamic ? 'verify-prism-dynamic' : 'verify-prism';
  process.stdout.write(`wrote ${writeSummary(name, { prism: prism.version, mode, exitCode: json.code, report })}\n`);
} catch (error) {
  failure = error;
} finally {
  await stopChild(prism?.child);
}
if (failure) {
  process.stderr.write(`\n${SCRIPT} FAILED: ${failure instanceof Error ? failure.message : String(failure)}\n`);
  process.exit(2);
}
