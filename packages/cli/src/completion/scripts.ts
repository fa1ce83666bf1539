import type { Shell } from './shells.js';

// Each script only hands the words typed so far to `petstore __complete`, which
// answers from the command tree itself: a new command, flag or value completes
// without an edit here, and configured profile names are read when Tab is pressed.

const bash = `# petstore completion for bash: eval "$(petstore completion bash)"
_petstore() {
  local IFS=$'\\n'
  COMPREPLY=($(petstore __complete -- "\${COMP_WORDS[@]:1:COMP_CWORD}" 2> /dev/null))
}
# Nothing to offer (a file argument): bash completes file names.
complete -o default -F _petstore petstore
`;

const zsh = `#compdef petstore
# petstore completion for zsh: petstore completion zsh > "\${fpath[1]}/_petstore"
_petstore() {
  local -a candidates
  candidates=("\${(@f)$(petstore __complete -- "\${(@)words[2,CURRENT]}" 2> /dev/null)}")
  if (( \${#candidates[@]} )) && [[ -n "\${candidates[1]}" ]]; then
    compadd -a candidates
  else
    _files
  fi
}
compdef _petstore petstore
`;

const fish = `# petstore completion for fish: petstore completion fish > ~/.config/fish/completions/petstore.fish
complete -c petstore -a '(petstore __complete -- (commandline -opc)[2..-1] (commandline -ct) 2> /dev/null)'
`;

const SCRIPTS: Record<Shell, string> = { bash, zsh, fish };

export function completionScript(shell: Shell): string {
  return SCRIPTS[shell];
}
