import { Option } from 'commander';

/**
 * The bounds of `--jq`: the expression's length; how many results it may give
 * and how many bytes they and its `debug` lines may take, both counted as jq
 * writes them; the memory of jq's WebAssembly heap; and how long it may run
 * (PETSTORE_JQ_TIMEOUT, in milliseconds). docs/decisions.md says why these.
 */
export const JQ_LIMITS = {
  expressionLength: 4096,
  results: 100_000,
  outputBytes: 16 * 1024 * 1024,
  memoryBytes: 256 * 1024 * 1024,
  timeout: { default: 10_000, min: 1, max: 600_000 },
} as const;

/** The variable that sets how long `--jq` may run. */
export const JQ_TIMEOUT_VARIABLE = 'PETSTORE_JQ_TIMEOUT';

/**
 * `--jq`, as gh has it, on every command whose table entry says it prints JSON
 * (program.ts adds it; it is declared only here).
 */
export const jqOption = (): Option =>
  new Option('-q, --jq <expression>', `filter the JSON output with a jq expression (implies --json); strings print raw, one result a line`);
