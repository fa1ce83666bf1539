import { GET_PET_REMOVAL_DATE, GET_PET_SUNSET } from '@petstore/sdk';
import { check, equal, equalJson } from './assert.js';
import { recordingLogger, sleep, type ClientCase } from './client-case.js';

/** The parts of a runtime's `process` the deprecation notice uses, where there is one (Node.js, Bun, Deno). */
interface WarningProcess {
  emitWarning?: unknown;
  on(event: 'warning', listener: (warning: Error) => void): unknown;
  off(event: 'warning', listener: (warning: Error) => void): unknown;
}

const processWithWarnings = (): WarningProcess | undefined => {
  const candidate = (globalThis as { process?: Partial<WarningProcess> }).process;
  return typeof candidate?.emitWarning === 'function' && typeof candidate.on === 'function' && typeof candidate.off === 'function'
    ? (candidate as WarningProcess)
    : undefined;
};

/** Runs `use`, collecting the process warnings it caused (Node.js emits them on the next tick); none without a process. */
async function processWarningsDuring(runtime: WarningProcess | undefined, use: () => Promise<void>): Promise<string[]> {
  const warnings: string[] = [];
  if (!runtime) {
    await use();
    return warnings;
  }
  const listener = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
  runtime.on('warning', listener);
  try {
    await use();
    await sleep(0);
  } finally {
    runtime.off('warning', listener);
  }
  return warnings;
}

export const getCases: ClientCase[] = [
  {
    // The suite's first use of get: the notice is given once per process.
    name: 'get returns one animal and gives the deprecation notice once per process, through the logger given (no process warning)',
    run: async ({ client, seed }) => {
      const logger = recordingLogger();
      const other = recordingLogger();
      const warnings = await processWarningsDuring(processWithWarnings(), async () => {
        const petstore = client({ logger });
        equalJson(await petstore.pets.get(1), { id: 1, ...seed[0] }, 'the animal');
        await petstore.pets.get(2);
        await client({ logger: other }).pets.get(3);
      });
      equal(logger.warnings.length, 1, `logger warnings (${JSON.stringify(logger.warnings)})`);
      check(logger.warnings[0]?.includes(GET_PET_REMOVAL_DATE), `the notice names the removal date: ${logger.warnings[0]}`);
      // Nor does the response's Deprecation header warn a second time, nor another client.
      equalJson(other.warnings, [], 'the other client\'s logger warnings');
      equalJson(warnings, [], 'process warnings');
    },
  },
  {
    name: 'deprecationWarnings: false silences the notice',
    run: async ({ client }) => {
      const logger = recordingLogger();
      const petstore = client({ logger, deprecationWarnings: false });
      const warnings = await processWarningsDuring(processWithWarnings(), async () => {
        await petstore.pets.get(1);
      });
      equalJson([...warnings, ...logger.warnings], [], 'warnings');
    },
  },
  {
    name: 'withResponse() gives the response, its request id and the parsed deprecation headers',
    run: async ({ client }) => {
      const { data, response, requestId, deprecation } = await client({ deprecationWarnings: false }).pets.get(1).withResponse();
      equal(data.id, 1, 'id');
      equal(response.status, 200, 'status');
      check(requestId, 'a request id');
      equal(requestId, response.headers.get('x-request-id') ?? undefined, 'request id is X-Request-Id');
      check(deprecation?.deprecation, `a Deprecation header: ${JSON.stringify(deprecation)}`);
      equal(deprecation.sunset?.toISOString(), new Date(GET_PET_SUNSET).toISOString(), 'sunset');
      check(deprecation.link?.includes('rel="successor-version"'), `a successor link: ${deprecation.link}`);
    },
  },
];
