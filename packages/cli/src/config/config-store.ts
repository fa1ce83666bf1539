import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type * as z from 'zod/mini';
import { configError } from '../errors/cli-error.js';
import { terminalSafe } from '../output/escape.js';
import { checkFileShape, ConfigFile, CredentialsFile } from './config-schema.js';
import { checkConfigFolder } from './check-config-folder.js';
import { configDir } from './paths.js';
import { fileError, readConfigFile, type ConfigFileText } from './read-config-file.js';
import { writeFileAtomically } from './write-file-atomically.js';

export type { ConfigFile, CredentialsFile } from './config-schema.js';

/** Where the store's warnings go (a credentials file others can read). */
export type Warn = (message: string) => void;

// For a caller that passes no `warn`: the warning must not be lost.

/** Group or others may read or write it. */
const OPEN_TO_OTHERS = 0o066;

/** The data of a file, checked against its schema; no file is an empty object. */
function parseFile<Schema extends z.ZodMiniType>(file: ConfigFileText | undefined, path: string, schema: Schema): z.output<Schema> {
  let data: unknown = {};
  if (file) {
    try {
      data = JSON.parse(file.text);
    } catch (error) {
      // Only where the error is: JSON.parse's own message may quote the text, an API key included.
      const where = /\(line \d+ column \d+\)/.exec((error as Error).message)?.[0];
      throw configError(`${terminalSafe(path)} is not valid JSON${where ? ` ${where}` : ''}; fix or delete it`);
    }
  }
  const checked = checkFileShape(schema, data);
  if (!checked.ok) throw configError(`${terminalSafe(path)}: ${checked.problem}; fix or delete it`);
  return checked.data;
}

/** Writes a file whole, or not at all, never through a link (see writeFileAtomically). */
async function writeJson(path: string, data: unknown, mode: number): Promise<void> {
  try {
    await writeFileAtomically(path, `${JSON.stringify(data, null, 2)}\n`, mode);
  } catch (error) {
    throw fileError(error, path, 'write');
  }
}

/** Makes the configuration folder (0700) if need be, and checks it as every read does. */
async function ensureConfigFolder(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw configError(`cannot create the configuration folder ${terminalSafe(dir)}: ${typeof code === 'string' ? code : String(error)}; check the folders above it, or set PETSTORE_CONFIG_DIR`);
  }
  await checkConfigFolder(dir);
}

/** A file of the folder, read only once the folder is checked: a planted config.json could send the key elsewhere. */
async function readCheckedFile(dir: string, path: string) {
  await checkConfigFolder(dir);
  return readConfigFile(path);
}

/** The credentials file, with a warning (as ssh gives for a private key) where others may read or change it, and going on. */
async function readCredentialsFile(dir: string, path: string, warn: Warn): Promise<CredentialsFile> {
  const file = await readCheckedFile(dir, path);
  if (file && (file.mode & OPEN_TO_OTHERS) !== 0) {
    const mode = (file.mode & 0o777).toString(8).padStart(4, '0');
    warn(`warning: ${path} holds API keys but other users may read or change it (mode ${mode}); run \`chmod 600 ${path}\``);
  }
  return parseFile(file, path, CredentialsFile);
}

/** A folder of the CLI's own inside the configuration folder (0700, checked as it is), made if need be. */
async function makePrivateFolder(dir: string, name: string): Promise<string> {
  await ensureConfigFolder(dir);
  const path = join(dir, name);
  await mkdir(path, { mode: 0o700 }).catch((error: unknown) => {
    if ((error as { code?: unknown }).code !== 'EEXIST') throw fileError(error, path, 'write');
  });
  await checkConfigFolder(path);
  return path;
}

/**
 * Reads and writes the configuration folder. Each file is read once per
 * command (a write replaces what was read), so a warning about it is given once.
 */
export function createConfigStore(env: Readonly<Record<string, string | undefined>>, { warn }: { warn: Warn }) {
  const dir = configDir(env);
  const configPath = join(dir, 'config.json');
  const credentialsPath = join(dir, 'credentials.json');
  let config: Promise<ConfigFile> | undefined;
  let credentials: Promise<CredentialsFile> | undefined;
  return {
    dir,
    configPath,
    credentialsPath,
    readConfig: (): Promise<ConfigFile> => (config ??= readCheckedFile(dir, configPath).then((file) => parseFile(file, configPath, ConfigFile))),
    readCredentials: (): Promise<CredentialsFile> => (credentials ??= readCredentialsFile(dir, credentialsPath, warn)),
    writeConfig: async (data: ConfigFile): Promise<void> => {
      await ensureConfigFolder(dir);
      await writeJson(configPath, data, 0o644);
      config = Promise.resolve(data);
    },
    /** A folder of the CLI's own inside the configuration folder (0700, checked as it is), made if need be. */
    privateFolder: (name: string): Promise<string> => makePrivateFolder(dir, name),
    // Readable by its owner only: it holds API keys.
    writeCredentials: async (data: CredentialsFile): Promise<void> => {
      await ensureConfigFolder(dir);
      await writeJson(credentialsPath, data, 0o600);
      credentials = Promise.resolve(data);
    },
  };
}

export type ConfigStore = ReturnType<typeof createConfigStore>;
