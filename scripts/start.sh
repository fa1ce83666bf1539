#!/usr/bin/env bash
# Quick-start command 1: installs whatever is missing (Node.js, pnpm,
# dependencies), builds every package, starts the mock server on
# http://127.0.0.1:4010/v1 with a dozen animals, shows the CLI adding an animal
# and listing the available ones, then keeps the server running until Ctrl-C.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/toolchain.sh"
cd "$repo_root"
build_log="$(mktemp)"
pnpm run build > "$build_log" 2>&1 || { cat "$build_log" >&2; exit 1; }
rm -f "$build_log"

port="${PETSTORE_MOCK_PORT:-4010}"
log="$(mktemp)"
node packages/mock-server/dist/bin.js --port "$port" --log off > "$log" 2>&1 &
server=$!
trap 'kill "$server" 2> /dev/null; wait "$server" 2> /dev/null; rm -f "$log"' EXIT
for _ in $(seq 1 100); do
  grep -q 'listening on' "$log" && break
  kill -0 "$server" 2> /dev/null || { cat "$log" >&2; exit 1; }
  sleep 0.1
done
cat "$log"

# The CLI's own configuration stays out of the user's: a scratch folder.
export PETSTORE_CONFIG_DIR="$(mktemp -d)"
export PETSTORE_BASE_URL="http://127.0.0.1:$port/v1"
# The CLI uses the development key by itself only at the mock's default address.
export PETSTORE_API_KEY=dev-petstore-key42
petstore() { node packages/cli/dist/bin.js "$@"; }
echo
echo '$ petstore pets create --name Biscuit --category-id 2'
petstore pets create --name Biscuit --category-id 2
echo
echo '$ petstore pets list --status available'
petstore pets list --status available
echo
echo "The mock server keeps running on http://127.0.0.1:$port/v1; press Ctrl-C to stop it."
wait "$server"
