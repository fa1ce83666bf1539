import { describe, expect, it } from 'vitest';
import { resumeCommand } from './resume-command.js';

describe('resumeCommand', () => {
  it('repeats the input and the flags that matter, with --resume, each word quoted for the shell', () => {
    expect(resumeCommand("it's pets.csv", { concurrency: '2', skipInvalid: true }, { color: true, baseUrl: 'http://127.0.0.1:4010/v1', format: 'tsv' }, '/home/o/.config/petstore/imports/x.ndjson')).toBe(
      "`petstore pets import 'it'\\''s pets.csv' --skip-invalid --concurrency 2 --resume /home/o/.config/petstore/imports/x.ndjson --base-url http://127.0.0.1:4010/v1 --format tsv`",
    );
    expect(resumeCommand('-', { inputFormat: 'csv' }, { color: true, json: true, profile: 'staging' }, '/s/p.ndjson')).toBe(
      '`petstore pets import - --input-format csv --resume /s/p.ndjson --profile staging --json` with the same input on stdin',
    );
  });
});
