// jq-web ships no types: this is the part of its documented API the CLI uses.
declare module 'jq-web' {
  /** Failures carry jq's exit status (3: the program does not compile; 5: it failed on the input) and stderr. */
  export interface JqModule {
    /** Runs `jq FLAGS FILTER` on the JSON text and returns its stdout (without the last newline; undefined when jq printed nothing); throws on a non-zero exit. */
    raw(json: string, filter: string, flags?: string[]): string | undefined;
  }
  const ready: Promise<JqModule>;
  export default ready;
}
