/** A writable the CLI prints to, with what it knows about the terminal behind it. */
export interface OutputStream {
  write(text: string): unknown;
  isTTY?: boolean | undefined;
  columns?: number | undefined;
}

/** Where the CLI reads and writes: the process's streams, or test doubles. */
export interface CliIo {
  env: Readonly<Record<string, string | undefined>>;
  stdout: OutputStream;
  stderr: OutputStream;
  /** Standard input, for `--data -` and `auth login --with-token`. */
  stdin: NodeJS.ReadableStream & { isTTY?: boolean | undefined; setRawMode?: (mode: boolean) => unknown };
  /**
   * Takes over the first Ctrl-C (SIGINT) until the returned function is called:
   * `pets import` stops sending and reports what was added. A second Ctrl-C
   * exits at once (130). Absent where nobody can press Ctrl-C (embedding, tests).
   */
  onInterrupt?: (handler: () => void) => () => void;
}
