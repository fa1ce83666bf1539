import type { ServiceProfile } from '@petstore/sdk/contract';
import { ADMIN_RESET_PATH, DEV_API_KEY } from '../core/index.js';
import type { MockServer } from './start-mock-server.js';

/**
 * What the server prints once it listens. The development key is shown because
 * it is public; a key the operator supplied never is.
 */
export function formatBanner(
  server: MockServer,
  options: { customKeys: number; animals: number; dataFile?: string | undefined; profile?: { file: string; profile: ServiceProfile } | undefined },
): string {
  const key =
    options.customKeys === 0
      ? `${DEV_API_KEY}  (development key; choose your own with --api-key)`
      : `${options.customKeys} key${options.customKeys === 1 ? '' : 's'} configured (not shown)`;
  return [
    `petstore-mock listening on ${server.url}`,
    `  API key   ${key}`,
    `  Animals   ${options.animals} in the store${options.dataFile ? `, kept in ${options.dataFile}` : ' (memory only)'}`,
    ...(options.profile ? [`  Profile   ${describeProfile(options.profile.file, options.profile.profile)}`] : []),
    `  OpenAPI   ${server.url}/openapi.json`,
    `  Docs      ${server.origin}/docs`,
    `  Reset     POST ${server.origin}${ADMIN_RESET_PATH}`,
    `  Try it    curl -H "Authorization: Bearer ${options.customKeys === 0 ? DEV_API_KEY : '$API_KEY'}" ${server.url}/pets`,
    '',
  ].join('\n');
}

/** Text from a profile's file, printable on a terminal: anything but printable ASCII becomes `?`. */
const printable = (text: string): string => text.replace(/[^\x20-\x7e]/g, '?');

/** Which profile answers, whose it is, and the choices it names (the rest are the kit's). */
function describeProfile(file: string, profile: ServiceProfile): string {
  const named = Object.keys(profile.choices).filter((name) => profile.choices[name as keyof typeof profile.choices] !== undefined);
  const service = profile.service === undefined ? '' : ` of ${printable(profile.service)}`;
  return `${file}${service}: ${named.length === 0 ? "no choices named, the kit's own" : `${named.join(', ')}; the rest the kit's`}`;
}
