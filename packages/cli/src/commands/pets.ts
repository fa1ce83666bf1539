import { GET_PET_REMOVAL_DATE, Id, LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, ListLimit, NewPet, describeIssue, formatIssues } from '@petstore/sdk/contract';
import * as z from 'zod/mini';
import { usageError } from '../errors/cli-error.js';
import type { CommandContext } from './context.js';
import { renderPetFields, renderPets } from '../output/render-pets.js';
import type { Pet } from '@petstore/sdk';
import { INPUT_LIMITS } from '../io/limits.js';
import { readRegularFile } from '../io/read-regular-file.js';
import { readStream } from '../io/read-stream.js';
import { PET_FIELDS, PET_FIELD_NAMES, flagKey, longFlag, wholeNumber, type PetField } from '../tables/pet-fields.js';
import { REQUIRED_FIELDS } from './required-fields.js';
import { plannedRequest } from '../output/render-requests.js';
import { printDryRun } from './dry-run.js';

/**
 * Checks one flag's value with the contract; a failure names the flag, the
 * value and the rule. A number below the contract's minimum is told as that
 * bound (`--category-id must be at least 1`), worded by the contract from the
 * minimum its schema holds, rather than as the whole range up to 2^53-1.
 */
function flagValue<Schema extends z.ZodMiniType>(flag: string, text: string, schema: Schema, toValue: (text: string) => unknown): z.output<Schema> {
  const result = z.safeParse(schema, toValue(text));
  if (!result.success) {
    const issue = result.error.issues[0];
    const rule = issue?.code === 'too_small' ? describeIssue({ ...issue, input: issue.input }) : issue?.message;
    throw usageError(`${flag} ${typeof rule === 'string' ? rule : 'is invalid'}, got "${text}"`);
  }
  return result.data;
}

/**
 * Animals on stdout in the context's format: JSON through outJson (so --jq
 * applies), and one animal on a terminal as `field: value` lines (`pets get`).
 */
async function printPets(context: CommandContext, pets: readonly Pet[], view: 'list' | 'one' | 'fields'): Promise<void> {
  const single = view !== 'list';
  if (context.format === 'json') return context.outJson(await renderPets(pets, 'json', await context.paint(), single));
  const [pet] = pets;
  if (view === 'fields' && context.format === 'table' && pet) return context.out(renderPetFields(pet, await context.paint()));
  context.out(await renderPets(pets, context.format, await context.paint(), single));
}

/** `a, b or c`. */
const orList = (words: readonly string[]): string => (words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`);

export async function listPets(context: CommandContext, flags: { status?: string; limit?: string }): Promise<void> {
  const limit = flags.limit === undefined ? undefined : flagValue('--limit', flags.limit, ListLimit, wholeNumber);
  const client = await context.client();
  const pets = await client.pets.list({
    ...(limit === undefined ? {} : { limit }),
    ...(flags.status === undefined ? {} : { status: flags.status as 'available' }),
  });
  if (pets.length === 0 && context.format === 'table') {
    context.note('No animals match.');
    return;
  }
  await printPets(context, pets, 'list');
  if (pets.length === (limit ?? LIST_LIMIT_DEFAULT)) context.note(fullPageNote(pets.length, limit, flags.status !== undefined));
}

/**
 * A list exactly as long as the limit may have stopped short: the specification
 * has no paging (docs/decisions.md), so the note says what else narrows or widens it.
 */
function fullPageNote(count: number, limit: number | undefined, byStatus: boolean): string {
  const most = limit === undefined ? 'the most a list without --limit returns' : `the most --limit ${limit} returns`;
  const ways = [count < LIST_LIMIT_MAX && `raise --limit, up to ${LIST_LIMIT_MAX}`, !byStatus && 'narrow with --status'].filter((way) => way !== false);
  const animals = `${count} animal${count === 1 ? '' : 's'}`;
  return `note: ${animals}, ${most}; the API has no paging, so more may exist${ways.length > 0 ? ` (${ways.join(', or ')})` : ''}`;
}

/** `--data @file`, `--data -` (stdin) or `--data '{"name":…}'`. */
async function readData(context: CommandContext, data: string): Promise<string> {
  if (data === '-') return readStream(context.io.stdin, INPUT_LIMITS.data, '--data -');
  if (data.startsWith('@')) return readRegularFile(data.slice(1), INPUT_LIMITS.data, `--data ${data}`, '; pipe it to stdin with --data - instead');
  return data;
}

/** The flags of `pets create`: one per field of PET_FIELDS (under commander's key for it), and --data. */
export type CreateFlags = { data?: string } & Record<string, string | string[] | undefined>;

/** `pets create`; with `dryRun`, everything up to the request, which is printed instead of sent. */
export async function createPet(context: CommandContext, flags: CreateFlags, dryRun = false): Promise<void> {
  let body: unknown;
  const given = PET_FIELD_NAMES.filter((field) => flags[flagKey(field)] !== undefined);
  if (flags.data !== undefined) {
    if (given.length > 0) throw usageError(`--data cannot be combined with ${orList(PET_FIELD_NAMES.map(longFlag))}`);
    const text = await readData(context, flags.data);
    try {
      body = JSON.parse(text) as unknown;
    } catch (error) {
      throw usageError(`--data is not valid JSON: ${(error as Error).message}`);
    }
  } else {
    if (REQUIRED_FIELDS.some((field) => !given.includes(field))) {
      throw usageError(`pets create needs ${REQUIRED_FIELDS.map(longFlag).join(' and ')} (or a whole body with --data @file.json or --data -)`);
    }
    body = Object.fromEntries(
      given.map((field) => {
        const text = flags[flagKey(field)] ?? '';
        const { read } = PET_FIELDS[field];
        // A number is told with the text given and its bound, as --limit and <id> are.
        return [field, read === wholeNumber && typeof text === 'string' ? flagValue(longFlag(field), text, NewPet.shape[field], read) : read(text)];
      }),
    );
  }
  const checked = z.safeParse(NewPet, body);
  if (!checked.success) {
    // Flags are named as flags (categoryId → --category-id); a --data body keeps its JSON field names.
    const asFlags = checked.error.issues.map((issue) => ({
      ...issue,
      path: issue.path.map((field) => (typeof field === 'string' && field in PET_FIELDS ? longFlag(field as PetField) : field)),
    }));
    throw usageError(flags.data === undefined ? formatIssues('', asFlags) : `--data: ${formatIssues('body', checked.error.issues)}`);
  }
  if (dryRun) {
    // The connection is resolved as for the request (base URL, key, --timeout, proxy variables): the same exits.
    const { baseUrl } = await context.connection();
    return printDryRun(context, [plannedRequest('createPet', baseUrl, { body: checked.data })]);
  }
  const client = await context.client();
  const pet = await client.pets.create(checked.data);
  await printPets(context, [pet], 'one');
}

export async function getPet(context: CommandContext, idText: string): Promise<void> {
  const id = flagValue('<id>', idText, Id, wholeNumber);
  if (!context.io.env['PETSTORE_NO_DEPRECATION_WARNING']) {
    context.note(
      `warning: \`pets get\` uses GET /pets/{petId}, which is deprecated and will be removed on ${GET_PET_REMOVAL_DATE}; use \`petstore pets list --status STATUS\` instead. (Silence with PETSTORE_NO_DEPRECATION_WARNING=1.)`,
    );
  }
  const client = await context.client();
  // Deprecated, and this command exists to call it: the notice above says so.
  const pet = await client.pets.get(id);
  await printPets(context, [pet], 'fields');
}
