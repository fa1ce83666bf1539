#!/usr/bin/env bash
# Quick-start command 2: the whole test suite. Installs whatever is missing
# (Node.js, pnpm, dependencies), then builds, type-checks, lints, runs publint
# on every package and runs every test, browser tests in Debian's Chromium
# included (installed when missing), and the Playwright recipe of the mock
# server's README in that Chromium. .ci/run calls exactly this.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/toolchain.sh"
source "$(dirname "${BASH_SOURCE[0]}")/browser.sh"
cd "$repo_root"
pnpm test
pnpm test:playwright
pnpm test:runtimes
