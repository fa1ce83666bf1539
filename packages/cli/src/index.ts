// Public entry of @petstore/cli: the CLI as a function, for embedding and tests.
export { EXIT, EXIT_CODES_HELP, type ExitCode } from './errors/exit-codes.js';
export type { CliIo, OutputStream } from './io/io.js';
export { run } from './run.js';
export { VERSION } from './tables/version.js';
