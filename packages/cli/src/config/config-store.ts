import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { configError } from '../cli-error.js';
import { configDir } from './paths.js';

/** `config.json`: which profile is current, and each profile's base URL. */
export interface ConfigFile {
  profile?: string;
  profiles?: Record<string, { baseUrl?: string }>;
}

/** `credentials.json` (mode 0600): each profile's API key. */
export interface CredentialsFile {
  profiles?: Record<string, { apiKey?: string }>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

async function readJson(path: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw configError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  try {
    const data = JSON.parse(text) as unknown;
    if (!isRecord(data)) throw new Error('not an object');
    return data;
  } catch {
    throw configError(`${path} is not a JSON object; fix or delete it`);
  }
}

/** Writes a file whole, or not at all (a crash leaves the old one), with the given mode. */
async function writeJson(path: string, data: unknown, mode: number): Promise<void> {
  const partial = `${path}.${process.pid}.tmp`;
  await writeFile(partial, `${JSON.stringify(data, null, 2)}\n`, { mode });
  await chmod(partial, mode);
  await rename(partial, path);
}

/** Reads and writes the configuration folder. */
export function createConfigStore(env: Readonly<Record<string, string | undefined>>) {
  const dir = configDir(env);
  const configPath = join(dir, 'config.json');
  const credentialsPath = join(dir, 'credentials.json');
  const ensureDir = () => mkdir(dir, { recursive: true, mode: 0o700 });
  return {
    dir,
    configPath,
    credentialsPath,
    readConfig: async (): Promise<ConfigFile> => (await readJson(configPath)) as ConfigFile,
    readCredentials: async (): Promise<CredentialsFile> => (await readJson(credentialsPath)) as CredentialsFile,
    writeConfig: async (config: ConfigFile) => {
      await ensureDir();
      await writeJson(configPath, config, 0o644);
    },
    // Readable by its owner only: it holds API keys.
    writeCredentials: async (credentials: CredentialsFile) => {
      await ensureDir();
      await writeJson(credentialsPath, credentials, 0o600);
    },
  };
}

export type ConfigStore = ReturnType<typeof createConfigStore>;
