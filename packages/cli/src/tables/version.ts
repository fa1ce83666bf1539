import packageJson from '../../package.json' with { type: 'json' };

/** The published version, from package.json (inlined when bundled). */
export const VERSION: string = packageJson.version;

/** The CLI's product token, before the SDK's in every request's User-Agent: `petstore-cli/0.3.0 petstore-sdk/0.3.0 (node/26.10.0)`. */
export const PRODUCT_TOKEN = `petstore-cli/${VERSION}`;
