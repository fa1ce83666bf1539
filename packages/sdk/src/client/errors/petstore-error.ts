/** Base of every error the SDK throws (the caller's own abort excepted: it passes through unchanged). */
export class PetstoreError extends Error {
  override name: string = 'PetstoreError';
}
