# Sourced by the quick-start scripts. Puts a Node.js >= 22 and the pinned pnpm on
# PATH, then installs the workspace's dependencies. Everything it fetches comes
# from the npm registry (Node.js itself as the package node-linux-<arch>) and
# lands in the git-ignored .tools/ folder, so a fresh machine needs only git,
# bash and an npm of any version.
#
# No step fails silently: when a fetch fails, the tool's own output is printed,
# then the likely cause and what to check, and the script stops with the tool's
# exit status.
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tools_dir="$repo_root/.tools"
node_version="$(tr -d '[:space:]' < "$repo_root/.node-version")"
# "packageManager": "pnpm@X.Y.Z" in the root package.json is the one pin for pnpm.
pnpm_version="$(sed -n 's/.*"packageManager": *"pnpm@\([^"+]*\).*/\1/p' "$repo_root/package.json")"

say() { printf '\033[2m[toolchain]\033[0m %s\n' "$*" >&2; }

if [ -z "$node_version" ] || [ -z "$pnpm_version" ]; then
  echo "[toolchain] .node-version must hold a Node.js version and package.json a \"packageManager\": \"pnpm@X.Y.Z\" (found: node '$node_version', pnpm '$pnpm_version')" >&2
  exit 1
fi

node_major() {
  local version
  version="$(node --version 2> /dev/null)" || { echo 0; return; }
  version="${version#v}"
  echo "${version%%.*}"
}

npm_platform() {
  local os arch
  case "$(uname -s)" in
    Linux) os=linux ;;
    Darwin) os=darwin ;;
    *) echo "unsupported operating system: $(uname -s)" >&2; return 1 ;;
  esac
  case "$(uname -m)" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "unsupported CPU architecture: $(uname -m)" >&2; return 1 ;;
  esac
  echo "$os-$arch"
}

# The system npm's configuration keeps applying once the fetched Node.js is on
# PATH. npm finds its global config (npmrc) under its prefix, which it derives
# from the Node.js that runs it: the system npm (`#!/usr/bin/env node`) run by
# .tools/node-X/bin/node looks in .tools/node-X/etc/npmrc instead of, say,
# /usr/etc/npmrc, and loses the `cafile`, proxy and registry set there. So we
# ask the system npm, run by the system Node.js, once, and hand the answer on:
# - npm_config_globalconfig: every later npm reads the same global npmrc;
# - NODE_EXTRA_CA_CERTS = its cafile, when not set already: pnpm (which reads
#   neither npm's global npmrc nor npm_config_cafile, but does read
#   NODE_EXTRA_CA_CERTS) and every Node.js program trust the same authority.
carry_npm_config_over() {
  local system_path key value globalconfig="" cafile=""
  # The PATH without .tools/, so that the system npm runs with the system Node.js.
  system_path="$(printf '%s' "$PATH" | tr ':' '\n' | grep -v -F "$tools_dir/" | paste -sd: -)"
  PATH="$system_path" command -v npm > /dev/null || return 0
  while IFS='=' read -r key value; do
    case "$key" in
      globalconfig) globalconfig="$value" ;;
      cafile) cafile="$value" ;;
    esac
  done < <(PATH="$system_path" npm config get globalconfig cafile 2> /dev/null || true)
  if [ -n "$globalconfig" ] && [ -f "$globalconfig" ]; then
    export npm_config_globalconfig="$globalconfig"
  fi
  if [ -z "${NODE_EXTRA_CA_CERTS:-}" ] && [ -n "$cafile" ] && [ "$cafile" != null ] && [ "$cafile" != undefined ] && [ -r "$cafile" ]; then
    export NODE_EXTRA_CA_CERTS="$cafile"
  fi
}

# After a failed fetch (whose own output is already printed): the likely cause,
# read from that output (the log, a temporary file, is then removed), and what
# to check. Ends the script with the tool's exit status.
fetch_failed() {
  local what="$1" tool="$2" log="$3" status="$4" cause="" registry
  if grep -Eqi 'ENOSPC|no space left' "$log"; then
    cause="the disk is full."
  elif grep -Eq 'code (E404|ETARGET)|ERR_PNPM_FETCH_404|ERR_PNPM_NO_MATCHING_VERSION|No matching version|Not Found - 404' "$log"; then
    cause="the registry has no such package or version: check the pins (.node-version for Node.js, \"packageManager\" in package.json for pnpm, pnpm-lock.yaml for the dependencies) and that this registry serves them."
  elif grep -Eq 'code E40[13]|ERR_PNPM_FETCH_40[13]|Unauthorized - 401|Forbidden - 403' "$log"; then
    cause="the registry refused the request: check the credentials (an auth token in ~/.npmrc) or the registry's access rules."
  elif grep -Eq 'code [A-Z_]*(CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS)|invalid peer certificate|UnknownIssuer|SSL routines' "$log"; then
    cause="TLS: the registry's certificate is not trusted. A proxy or mirror that signs with its own certificate authority needs that authority in npm's cafile (npm config get cafile) or in NODE_EXTRA_CA_CERTS."
  elif grep -Eqi 'code (ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|ENETUNREACH|EHOSTUNREACH)|connection refused|dns error|timed out|tcp connect error' "$log"; then
    cause="the registry could not be reached: check the registry address, the network and the proxy settings."
  elif grep -Eq 'ERR_PNPM_OUTDATED_LOCKFILE|ERR_PNPM_LOCKFILE_CONFIG_MISMATCH' "$log"; then
    cause="pnpm-lock.yaml does not match the package.json files: run pnpm install (without --frozen-lockfile) and commit the lockfile."
  elif grep -Eqi 'code (EACCES|EPERM)|permission denied' "$log"; then
    cause="permission denied: check that you own $tools_dir and the package manager's cache or store."
  fi
  registry="$("$tool" config get registry 2> /dev/null || echo '?')"
  {
    echo
    echo "[toolchain] could not $what: $tool exited with status $status (its own output is above)."
    [ -z "$cause" ] || echo "[toolchain] likely cause: $cause"
    echo "[toolchain] what to check:"
    echo "  - the registry is reachable: '$tool config get registry' says $registry; try 'npm ping --registry $registry'."
    if [ "$tool" = pnpm ]; then
      echo "    pnpm reads the registry from .npmrc files (~/.npmrc, the project's) and pnpm_config_registry, not from npm's global config."
    fi
    echo "  - proxy settings: '$tool config get https-proxy' and 'proxy', and HTTPS_PROXY, HTTP_PROXY, NO_PROXY in the environment."
    echo "  - a private certificate authority: 'npm config get cafile' (npm's global config: ${npm_config_globalconfig:-unknown}); NODE_EXTRA_CA_CERTS is '${NODE_EXTRA_CA_CERTS:-}'."
    if [ "$tool" = pnpm ]; then
      echo "  - disk space: df -h '$repo_root' and the pnpm store ('pnpm store path')."
    else
      echo "  - disk space: df -h '$repo_root' (.tools/ goes there) and npm's cache ('npm config get cache')."
    fi
  } >&2
  rm -f "$log"
  exit "$status"
}

# Runs a fetch command with its output kept aside: printed only when it fails,
# followed by what to check (see fetch_failed).
run_fetch() {
  local what="$1" tool="$2" log status=0
  shift 2
  log="$(mktemp)"
  "$@" > "$log" 2>&1 || status=$?
  if [ "$status" -ne 0 ]; then
    cat "$log" >&2
    fetch_failed "$what" "$tool" "$log" "$status"
  fi
  rm -f "$log"
}

# Extracts one package from the npm registry into a folder (scripts/npm-package.sh,
# which the runtime matrix uses too); a failure says why (run_fetch).
fetch_npm_package() {
  run_fetch "fetch $1 from the npm registry" npm bash "$repo_root/scripts/npm-package.sh" "$@"
}

ensure_node() {
  local local_node="$tools_dir/node-$node_version"
  if [ -x "$local_node/bin/node" ]; then
    export PATH="$local_node/bin:$PATH"
    return
  fi
  # The machine's own Node.js only when it is the pinned major: development and
  # CI run on one Node.js line (the runtime matrix tests the others).
  if command -v node > /dev/null && [ "$(node_major)" = "${node_version%%.*}" ]; then
    return
  fi
  command -v npm > /dev/null || { echo "[toolchain] npm is needed to fetch Node.js $node_version: install npm (e.g. apt-get install npm) or Node.js ${node_version%%.*}" >&2; exit 1; }
  local platform
  platform="$(npm_platform)"
  say "Node.js $(node --version 2> /dev/null || echo 'missing') is not Node.js ${node_version%%.*}: fetching Node.js $node_version from the npm registry"
  fetch_npm_package "node-$platform@$node_version" "$local_node"
  export PATH="$local_node/bin:$PATH"
}

ensure_pnpm() {
  local local_pnpm="$tools_dir/pnpm-$pnpm_version"
  if [ ! -x "$local_pnpm/node_modules/.bin/pnpm" ]; then
    command -v npm > /dev/null || { echo "[toolchain] npm is needed to fetch pnpm $pnpm_version: install npm (e.g. apt-get install npm)" >&2; exit 1; }
    say "fetching pnpm $pnpm_version from the npm registry"
    rm -rf "$local_pnpm"
    # A real install (not a bare pack) so that pnpm's native binary for this
    # platform arrives through its optional dependency.
    local status=0
    (run_fetch "fetch pnpm $pnpm_version from the npm registry" npm \
      npm install --loglevel=warn --prefix "$local_pnpm" --no-save --no-package-lock --no-audit --no-fund \
      "pnpm@$pnpm_version") || status=$?
    if [ "$status" -ne 0 ]; then
      rm -rf "$local_pnpm"
      exit "$status"
    fi
  fi
  export PATH="$local_pnpm/node_modules/.bin:$PATH"
}

ensure_dependencies() {
  # A stamp of the lockfile lets repeated runs skip pnpm entirely.
  local stamp="$repo_root/node_modules/.petstore-install-stamp"
  local want errlog status=0
  want="$(node -p 'process.version')-$(cksum < "$repo_root/pnpm-lock.yaml")"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    return
  fi
  say "installing dependencies"
  # pnpm's progress goes to the terminal as it comes; its warnings and errors
  # (standard error) are kept to be read for the likely cause, and printed.
  errlog="$(mktemp)"
  # Browser tests run Debian's Chromium (browser.sh): Playwright downloads none.
  (cd "$repo_root" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 pnpm install --frozen-lockfile) 2> "$errlog" || status=$?
  cat "$errlog" >&2
  if [ "$status" -ne 0 ]; then
    fetch_failed "install the dependencies (pnpm install --frozen-lockfile)" pnpm "$errlog" "$status"
  fi
  rm -f "$errlog"
  echo "$want" > "$stamp"
}

carry_npm_config_over
ensure_node
ensure_pnpm
ensure_dependencies
