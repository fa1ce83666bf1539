#!/usr/bin/env bash
# The unit suite on a busy machine: one spinning Node.js process per core runs
# beside `pnpm test:unit` from start to end, as a build or a browser would on a
# contributor's laptop. Green here is what "no test depends on an idle
# machine" means. Extra arguments go to vitest: `bash scripts/test-busy.sh packages/sdk`.
# The built project builds first when dist/ is stale, as in any run.
# Pass BUSY_RUNS=N to run it N times (the spinners keep running throughout).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/toolchain.sh"
source "$(dirname "${BASH_SOURCE[0]}")/browser.sh"
cd "$repo_root"
spinners=()
stop() { for pid in "${spinners[@]}"; do kill "$pid" 2> /dev/null || true; done; }
trap stop EXIT
for _ in $(seq "$(nproc)"); do
  node -e 'for (;;);' &
  spinners+=("$!")
done
for run in $(seq "${BUSY_RUNS:-1}"); do
  echo "busy run $run of ${BUSY_RUNS:-1}, beside ${#spinners[@]} spinning processes"
  if [ "$#" -gt 0 ]; then pnpm exec vitest run "$@"; else pnpm run test:unit; fi
done
