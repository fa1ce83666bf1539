#!/usr/bin/env bash
# Quick-start command 1: installs whatever is missing (Node.js, pnpm,
# dependencies), builds every package, starts the mock server on
# http://127.0.0.1:4010/v1 with a dozen animals, shows the CLI adding an animal
# and listing the available ones, then keeps the server running until Ctrl-C.
# PETSTORE_MOCK_PORT picks another port than 4010.
set -euo pipefail

# The port first: a taken one is named before anything is fetched or built.
port="${PETSTORE_MOCK_PORT:-4010}"
if ! [[ "$port" =~ ^[0-9]{1,5}$ ]] || [ "$((10#$port))" -lt 1 ] || [ "$((10#$port))" -gt 65535 ]; then
  echo "start.sh: PETSTORE_MOCK_PORT must be a port number from 1 to 65535, not '$port'" >&2
  exit 2
fi
port="$((10#$port))"
# Something accepts connections there (bash's /dev/tcp connects; loopback answers at once).
port_taken() {
  echo "start.sh: port $port on 127.0.0.1 is already in use (another petstore-mock?). Stop what listens there, or pick another port: PETSTORE_MOCK_PORT=$((port == 65535 ? 4011 : port + 1)) ./scripts/start.sh" >&2
  exit 1
}
if (exec 3<> "/dev/tcp/127.0.0.1/$port") 2> /dev/null; then
  port_taken
fi

source "$(dirname "${BASH_SOURCE[0]}")/toolchain.sh"
cd "$repo_root"
node scripts/build-if-stale.mjs

log="$(mktemp)"
# The CLI's own configuration stays out of the user's: a scratch folder, removed at the end.
cli_config="$(mktemp -d)"
node packages/mock-server/dist/bin.js --port "$port" --log off > "$log" 2>&1 &
server=$!
trap 'kill "$server" 2> /dev/null; wait "$server" 2> /dev/null; rm -rf "$log" "$cli_config"' EXIT
for _ in $(seq 1 100); do
  grep -q 'listening on' "$log" && break
  if ! kill -0 "$server" 2> /dev/null; then
    # Taken after the check above (during the build, say): petstore-mock's own advice names
    # --port, which this script does not take; say how to pick another port here.
    grep -q 'is already in use' "$log" && port_taken
    cat "$log" >&2
    exit 1
  fi
  sleep 0.1
done
cat "$log"

export PETSTORE_CONFIG_DIR="$cli_config"
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
# The Node.js and pnpm used here (maybe fetched into .tools/), for another terminal.
tool_path="$(dirname "$(command -v node)")"
pnpm_dir="$(dirname "$(command -v pnpm)")"
[ "$pnpm_dir" = "$tool_path" ] || tool_path="$tool_path:$pnpm_dir"
echo
echo "From another terminal, in $repo_root:"
echo "  export PATH=\"$tool_path:\$PATH\""
if [ "$port" = 4010 ]; then
  echo "  node packages/cli/dist/bin.js pets list"
else
  echo "  PETSTORE_BASE_URL=$PETSTORE_BASE_URL PETSTORE_API_KEY=$PETSTORE_API_KEY node packages/cli/dist/bin.js pets list"
fi
wait "$server"
