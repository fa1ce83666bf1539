#!/usr/bin/env bash
# Quick-start command 1: installs whatever is missing (Node.js, pnpm,
# dependencies) and builds every package.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/toolchain.sh"
cd "$repo_root"
pnpm run build
