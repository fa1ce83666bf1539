/** Where `petstore-mock` listens unless told otherwise. */
export const DEFAULT_PORT = 4010;
/** The loopback address `petstore-mock` binds to unless told otherwise. */
export const DEFAULT_HOST = '127.0.0.1';
