/** The `petstore` command's version, as published. */
export const VERSION = '0.1.0';
