import type { Command, Option } from 'commander';
import { commandWords, takesValue } from './command-words.js';
import type { ConfigStore } from '../config/config-store.js';
import { BUILT_IN_PROFILES } from '../config/profiles.js';

/** The profiles there are: the built-in ones, and those named in the config and credentials files. */
async function profileNames(store: ConfigStore): Promise<string[]> {
  const names = new Set(Object.keys(BUILT_IN_PROFILES));
  // Completion never fails: a broken file offers what it can.
  for (const read of [store.readConfig, store.readCredentials]) {
    const file = await read().catch(() => ({ profiles: undefined }));
    for (const name of Object.keys(file.profiles ?? {})) names.add(name);
  }
  return [...names];
}

/** Every option of a command and its parents (the global flags), as commander lists them. */
function optionsOf(command: Command): Option[] {
  const options: Option[] = [];
  for (let current: Command | null = command; current; current = current.parent) options.push(...current.options);
  return options;
}

/**
 * The candidates for the last of `words` (what has been typed after
 * `petstore`, the word under the cursor last, maybe empty), read from the
 * command tree: subcommands, flags, the choices of a flag or an argument, and
 * profile names. Nothing for a file name: the shell completes those.
 */
export async function complete(program: Command, words: readonly string[], store: ConfigStore): Promise<string[]> {
  const current = words.at(-1) ?? '';
  const before = words.slice(0, -1);
  const { command, indexes } = commandWords(program, before);
  const options = optionsOf(command);
  const startsWith = (candidates: readonly string[]) => candidates.filter((candidate) => candidate.startsWith(current));

  // The value of a flag: `--status <Tab>`.
  const previous = before.at(-1);
  const valueOf = previous?.startsWith('-') ? options.find((option) => (option.long === previous || option.short === previous) && (option.required || option.optional)) : undefined;
  if (valueOf) {
    if (valueOf.long === '--profile') return startsWith(await profileNames(store));
    return startsWith(valueOf.argChoices ?? []);
  }
  if (current.startsWith('-')) {
    const help = command.createHelp();
    const visible = [...help.visibleOptions(command), ...help.visibleGlobalOptions(command)];
    // `-` offers the short flags too (`-s`, `-L`); `--` only the long ones.
    return startsWith(visible.flatMap((option) => [option.long, option.short].filter((flag) => flag !== undefined)));
  }

  if (command.commands.length > 0) return startsWith(command.createHelp().visibleCommands(command).map((sub) => sub.name()));

  // An argument: which one is told by the operands typed since the command's last word.
  const afterCommand = before.slice((indexes.at(-1) ?? -1) + 1);
  const operands: string[] = [];
  for (let index = 0; index < afterCommand.length; index++) {
    const word = afterCommand[index] ?? '';
    if (!word.startsWith('-')) operands.push(word);
    else if (!word.includes('=') && takesValue(command, word)) index++;
  }
  // `petstore api [METHOD] PATH`: the contract's methods and paths (loaded only for it).
  if (command.name() === 'api' && command.parent === program) return startsWith((await import('./api-paths.js')).apiCandidates(operands));
  const argument = command.registeredArguments[operands.length];
  if (!argument) return [];
  if (argument.argChoices) return startsWith(argument.argChoices);
  if (command.name() === 'delete-profile') return startsWith(await profileNames(store));
  return [];
}
