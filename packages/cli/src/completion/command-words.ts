import type { Command } from 'commander';

/** Where argv leads in the command tree. */
export interface CommandWords {
  /** The deepest command the words name (the program itself when none). */
  command: Command;
  /** The indexes in argv of the words that named it (`pets`, `list`). */
  indexes: number[];
  /** The first word that is not a command of `command`, if any (an operand, or a typo). */
  next?: { word: string; index: number };
}

/** Whether `flag` is an option of the command or its parents that takes a value (`--profile NAME`). */
export function takesValue(command: Command, flag: string): boolean {
  for (let current: Command | null = command; current; current = current.parent) {
    const option = current.options.find((candidate) => candidate.long === flag || candidate.short === flag);
    if (option) return option.required || option.optional;
  }
  return false;
}

/**
 * Follows argv's command words through the tree the way commander does, skipping
 * options and their values (`petstore --profile prod pets list`): one walk for
 * `help pets list`, the usage hint, suggestions and completion.
 */
export function commandWords(program: Command, argv: readonly string[]): CommandWords {
  let command = program;
  const indexes: number[] = [];
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] ?? '';
    if (arg === '--') break;
    if (arg.startsWith('-')) {
      if (!arg.includes('=') && takesValue(command, arg)) index++;
      continue;
    }
    const sub = command.commands.find((candidate) => candidate.name() === arg || candidate.aliases().includes(arg));
    if (!sub) return { command, indexes, next: { word: arg, index } };
    command = sub;
    indexes.push(index);
  }
  return { command, indexes };
}

/** `petstore pets list`: the full name of a command. */
export function commandPath(command: Command): string {
  const names: string[] = [];
  for (let current: Command | null = command; current; current = current.parent) names.unshift(current.name());
  return names.join(' ');
}
