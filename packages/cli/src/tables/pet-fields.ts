import type { NewPet, PetStatus } from '@petstore/sdk/contract';
import { Option } from 'commander';
import { NAME_MAX_LENGTH, PET_STATUSES } from '@petstore/sdk/values';
import type { Paint } from '../output/colour.js';

/** Only decimal digits make a number on the command line or in a CSV cell: `1e1`, `0x10` or ` 1` stay text, and the contract refuses them. */
export const wholeNumber = (text: string | readonly string[]): unknown => (typeof text === 'string' && /^[0-9]+$/.test(text) ? Number(text) : text);

const asText = (text: string | readonly string[]): unknown => text;

/** The colour of each status in the table: a status the contract gains is a compile error here. */
const STATUS_COLOUR: Record<PetStatus, 'green' | 'yellow' | 'dim'> = { available: 'green', pending: 'yellow', sold: 'dim' };

/** How the CLI shows and reads one field of an animal. */
export interface FieldPresentation<Value> {
  /** Its `pets create` flag, as commander reads it (`-c, --category-id <n>`). */
  flag: string;
  /** The flag's help: what the value is (bounds from the contract's constants). */
  help: string;
  /** The values the flag takes, for help, checking and completion. */
  choices?: readonly string[];
  /** A flag's value (a list for a repeatable flag, `<tag...>`) or a CSV cell as the value the contract checks. */
  read(text: string | readonly string[]): unknown;
  /** Its column's title in the table (TSV has no header; its columns come in the same order). */
  column: string;
  /** Its value as one table or TSV cell (before escaping). */
  cell(value: Value): string;
  /** Colour for the value in the table, if it has one. */
  paint?(paint: Paint, cell: string): string;
}

/**
 * The CLI's one table of the contract's fields, in the contract's order: the
 * `pets create` flags, the table and TSV columns (after ID) and the CSV cells
 * of `pets import` all read it. Keyed by NewPet, so a field the contract gains
 * is a compile error here until it says how it is shown and read.
 */
export const PET_FIELDS: { readonly [Field in keyof NewPet]-?: FieldPresentation<Exclude<NewPet[Field], undefined>> } = {
  name: { flag: '-n, --name <name>', help: `its name, 1 to ${NAME_MAX_LENGTH} characters`, read: asText, column: 'NAME', cell: String },
  categoryId: { flag: '-c, --category-id <n>', help: 'its category, a positive integer', read: wholeNumber, column: 'CATEGORY', cell: String },
  status: {
    flag: '-s, --status <status>',
    help: 'its status',
    choices: PET_STATUSES,
    read: asText,
    column: 'STATUS',
    cell: String,
    paint: (paint, status) => paint[STATUS_COLOUR[status as PetStatus] ?? 'dim'](status),
  },
};

export type PetField = keyof typeof PET_FIELDS;

/** The fields in the contract's order (the order of PET_FIELDS). */
export const PET_FIELD_NAMES = Object.keys(PET_FIELDS) as PetField[];

/** `--category-id`: the long flag of a field. */
export const longFlag = (field: PetField): string => new Option(PET_FIELDS[field].flag).long ?? field;

/** The key commander gives a field's flag value under (`categoryId` for `--category-id`). */
export const flagKey = (field: PetField): string => new Option(PET_FIELDS[field].flag).attributeName();
