import { parseServiceProfile, PROFILE_MAX_BYTES, type ServiceProfile } from '@petstore/sdk/contract';
import { UsageError } from './cli-options.js';
import { readFlagFile } from './read-flag-file.js';

/**
 * Reads `--profile`: a service profile as `petstore verify --write-profile`
 * writes it. Every problem names the flag, the file and the field
 * (`--profile svc.json: choices.malformedPetId: …`).
 */
export async function loadProfileFile(path: string): Promise<ServiceProfile> {
  const text = await readFlagFile('--profile', path, PROFILE_MAX_BYTES, `larger than ${PROFILE_MAX_BYTES / 1024} KiB; a profile is a few hundred bytes`);
  try {
    return parseServiceProfile(text);
  } catch (error) {
    throw new UsageError(`--profile ${path}: ${(error as Error).message}`);
  }
}
