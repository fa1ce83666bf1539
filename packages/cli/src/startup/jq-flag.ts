import { Option } from 'commander';

/** The bounds of `--jq`: the expression's length, and how many results it may print. */
export const JQ_LIMITS = { expressionLength: 4096, results: 100_000 } as const;

/**
 * `--jq`, as gh has it, on every command whose table entry says it prints JSON
 * (program.ts adds it; it is declared only here).
 */
export const jqOption = (): Option =>
  new Option('-q, --jq <expression>', `filter the JSON output with a jq expression (implies --json); strings print raw, one result a line`);
