# Sourced by the quick-start scripts. Puts a Node.js >= 22 and the pinned pnpm on
# PATH, then installs the workspace's dependencies. Everything it fetches comes
# from the npm registry (Node.js itself as the package node-linux-<arch>) and
# lands in the git-ignored .tools/ folder, so a fresh machine needs only git,
# bash and an npm of any version.
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tools_dir="$repo_root/.tools"
node_version="$(tr -d '[:space:]' < "$repo_root/.node-version")"
# "packageManager": "pnpm@X.Y.Z" in the root package.json is the one pin for pnpm.
pnpm_version="$(sed -n 's/.*"packageManager": *"pnpm@\([^"+]*\).*/\1/p' "$repo_root/package.json")"

say() { printf '\033[2m[toolchain]\033[0m %s\n' "$*" >&2; }

node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

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

# Extracts one package from the npm registry into a folder, checked against the
# registry's integrity hash by `npm pack`.
fetch_npm_package() {
  local spec="$1" dest="$2" scratch
  scratch="$(mktemp -d)"
  (cd "$scratch" && npm pack --silent "$spec" > /dev/null)
  mkdir -p "$dest.partial"
  tar -xzf "$scratch"/*.tgz -C "$dest.partial" --strip-components=1
  rm -rf "$scratch" "$dest"
  mv "$dest.partial" "$dest"
}

ensure_node() {
  local local_node="$tools_dir/node-$node_version"
  if [ -x "$local_node/bin/node" ]; then
    export PATH="$local_node/bin:$PATH"
    return
  fi
  if command -v node > /dev/null && [ "$(node_major)" -ge 22 ]; then
    return
  fi
  command -v npm > /dev/null || { echo "npm is needed to fetch Node.js $node_version" >&2; exit 1; }
  say "Node.js $(node --version 2>/dev/null || echo 'missing') is older than 22: fetching Node.js $node_version from the npm registry"
  fetch_npm_package "node-$(npm_platform)@$node_version" "$local_node"
  export PATH="$local_node/bin:$PATH"
}

ensure_pnpm() {
  local local_pnpm="$tools_dir/pnpm-$pnpm_version"
  if [ ! -x "$local_pnpm/node_modules/.bin/pnpm" ]; then
    say "fetching pnpm $pnpm_version from the npm registry"
    rm -rf "$local_pnpm"
    # A real install (not a bare pack) so that pnpm's native binary for this
    # platform arrives through its optional dependency.
    npm install --silent --prefix "$local_pnpm" --no-save --no-package-lock --no-audit --no-fund \
      "pnpm@$pnpm_version" > /dev/null
  fi
  export PATH="$local_pnpm/node_modules/.bin:$PATH"
}

ensure_dependencies() {
  # A stamp of the lockfile lets repeated runs skip pnpm entirely.
  local stamp="$repo_root/node_modules/.petstore-install-stamp"
  local want
  want="$(node -p 'process.version')-$(cksum < "$repo_root/pnpm-lock.yaml")"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    return
  fi
  say "installing dependencies"
  (cd "$repo_root" && pnpm install --frozen-lockfile)
  echo "$want" > "$stamp"
}

ensure_node
ensure_pnpm
ensure_dependencies
