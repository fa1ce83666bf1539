#!/usr/bin/env bash
# Prints the path of a Firefox ESR for `pnpm test:runtimes`, installing Debian's
# firefox-esr when it is missing (as root, with apt-get), the way browser.sh
# installs Chromium. Test tools cannot download browsers here. Where none can be
# had it exits 1 saying why: the Firefox run fails, it never skips.
set -euo pipefail
if [ -n "${PETSTORE_FIREFOX:-}" ]; then
  [ -x "$PETSTORE_FIREFOX" ] || { echo "PETSTORE_FIREFOX=$PETSTORE_FIREFOX is not an executable" >&2; exit 1; }
  echo "$PETSTORE_FIREFOX"
  exit 0
fi
if [ ! -x /usr/bin/firefox-esr ]; then
  if ! command -v apt-get > /dev/null || [ "$(id -u)" != 0 ]; then
    echo "no /usr/bin/firefox-esr, and it can be installed only as root on Debian (apt-get install firefox-esr), or set PETSTORE_FIREFOX" >&2
    exit 1
  fi
  log=/tmp/petstore-firefox-install.log
  printf '\033[2m[firefox]\033[0m installing Debian'"'"'s firefox-esr for the runtime matrix\n' >&2
  if ! (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends firefox-esr) > "$log" 2>&1; then
    echo "could not install firefox-esr (see $log)" >&2
    exit 1
  fi
fi
echo /usr/bin/firefox-esr
