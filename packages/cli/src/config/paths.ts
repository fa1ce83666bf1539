import { homedir } from 'node:os';
import { join } from 'node:path';

/** The configuration folder: `$PETSTORE_CONFIG_DIR`, else `$XDG_CONFIG_HOME/petstore`, else `~/.config/petstore`. */
export function configDir(env: Readonly<Record<string, string | undefined>>): string {
  if (env['PETSTORE_CONFIG_DIR']) return env['PETSTORE_CONFIG_DIR'];
  if (env['XDG_CONFIG_HOME']) return join(env['XDG_CONFIG_HOME'], 'petstore');
  return join(env['HOME'] || homedir(), '.config', 'petstore');
}
