/** Thrown when the server is asked to do something unsafe or impossible, with a message for people. */
export class MockServerConfigError extends Error {
  override name = 'MockServerConfigError' as const;
}
