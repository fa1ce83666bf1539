import { PET_STATUSES } from '@petstore/sdk/values';
import { usageError } from '../cli-error.js';
import type { CommandContext } from '../context.js';

const COMMANDS = 'pets auth config completion';
const SUBCOMMANDS: Record<string, string> = { pets: 'list create get', auth: 'login status logout', config: 'get set list', completion: 'bash zsh fish' };
// Statuses from the contract: a new one completes without an edit here.
const STATUSES = PET_STATUSES.join(' ');
const FLAGS = '--status --limit --name --category-id --data --json --format --no-color --debug --base-url --profile --help --version';

const bash = `# petstore completion for bash: eval "$(petstore completion bash)"
_petstore() {
  local cur prev words
  cur="\${COMP_WORDS[COMP_CWORD]}"; prev="\${COMP_WORDS[COMP_CWORD-1]}"
  case "$prev" in
    --status) COMPREPLY=($(compgen -W "${STATUSES}" -- "$cur")); return ;;
    --format) COMPREPLY=($(compgen -W "table tsv json ndjson" -- "$cur")); return ;;
  esac
  if [ "$COMP_CWORD" -eq 1 ]; then COMPREPLY=($(compgen -W "${COMMANDS}" -- "$cur")); return; fi
  case "\${COMP_WORDS[1]}" in
${Object.entries(SUBCOMMANDS)
  .map(([command, subs]) => `    ${command}) [ "$COMP_CWORD" -eq 2 ] && { COMPREPLY=($(compgen -W "${subs}" -- "$cur")); return; } ;;`)
  .join('\n')}
  esac
  COMPREPLY=($(compgen -W "${FLAGS}" -- "$cur"))
}
complete -F _petstore petstore
`;

const zsh = `#compdef petstore
# petstore completion for zsh: petstore completion zsh > "\${fpath[1]}/_petstore"
_petstore() {
  local -a commands
  if (( CURRENT == 2 )); then _values 'command' ${COMMANDS}; return; fi
  case $words[2] in
${Object.entries(SUBCOMMANDS)
  .map(([command, subs]) => `    ${command}) (( CURRENT == 3 )) && { _values 'subcommand' ${subs}; return; } ;;`)
  .join('\n')}
  esac
  _arguments '--status[filter by status]:status:(${STATUSES})' '--format[output format]:format:(table tsv json ndjson)' '*: :(${FLAGS})'
}
_petstore "$@"
`;

const fish = `# petstore completion for fish: petstore completion fish > ~/.config/fish/completions/petstore.fish
complete -c petstore -f
complete -c petstore -n __fish_use_subcommand -a "${COMMANDS}"
${Object.entries(SUBCOMMANDS)
  .map(([command, subs]) => `complete -c petstore -n "__fish_seen_subcommand_from ${command}" -a "${subs}"`)
  .join('\n')}
complete -c petstore -l status -x -a "${STATUSES}"
complete -c petstore -l format -x -a "table tsv json ndjson"
complete -c petstore -l limit -x
complete -c petstore -l name -x
complete -c petstore -l category-id -x
complete -c petstore -l data -r
complete -c petstore -l json
complete -c petstore -l no-color
complete -c petstore -l debug
complete -c petstore -l base-url -x
complete -c petstore -l profile -x
`;

export const SHELLS = { bash, zsh, fish } as const;

export function completion(context: CommandContext, shell: string): void {
  const script = SHELLS[shell as keyof typeof SHELLS];
  if (!script) throw usageError(`completion supports bash, zsh and fish, got "${shell}"`);
  context.out(script);
}
