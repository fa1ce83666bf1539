/** Exit codes, documented in `petstore --help` and the README. */
export const EXIT = {
  ok: 0,
  unexpected: 1,
  usage: 2,
  configuration: 3,
  authentication: 4,
  notFound: 5,
  rejected: 6,
  retryable: 7,
  interrupted: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export const EXIT_CODES_HELP = `Exit codes:
  0    success (an empty list included)
  1    unexpected error
  2    usage: a bad command, flag or value
  3    configuration: no API key, no base URL, or a broken config file
  4    authentication: the API key was refused (401)
  5    not found (404)
  6    request rejected (400 and other 4xx)
  7    network error, timeout, 429 or 5xx: worth retrying
  130  interrupted (Ctrl-C)`;
