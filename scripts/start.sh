#!/usr/bin/env bash
# Quick-start command 1: installs whatever is missing (Node.js, pnpm,
# dependencies), builds every package, then runs the mock server on
# http://127.0.0.1:4010/v1 with a dozen animals until Ctrl-C. Its banner shows
# the URL and the development key.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/toolchain.sh"
cd "$repo_root"
pnpm --silent run build > /dev/null
exec node packages/mock-server/dist/bin.js --port "${PETSTORE_MOCK_PORT:-4010}"
