/** The input formats of `pets import`. */
export const IMPORT_FORMATS = ['ndjson', 'json', 'csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** The flags of `pets import`, as commander parsed them (checked by the command). */
export interface ImportFlags {
  inputFormat?: ImportFormat;
  skipInvalid?: boolean;
  concurrency?: string;
  resume?: string;
  dryRun?: boolean;
}
