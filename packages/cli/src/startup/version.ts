import packageJson from '../../package.json' with { type: 'json' };

/** The published version, from package.json (inlined when bundled). */
export const VERSION: string = packageJson.version;
