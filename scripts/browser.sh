# Sourced by test.sh: makes sure a Chromium for the browser tests is installed.
# Test tools cannot download browsers here, so it is Debian's package. Where it
# cannot be installed the browser tests fail, saying why; they never skip.
if [ -z "${PETSTORE_CHROMIUM:-}" ]; then
  for candidate in /usr/bin/chromium /usr/bin/chromium-browser; do
    [ -x "$candidate" ] && export PETSTORE_CHROMIUM="$candidate" && break
  done
fi
if [ -z "${PETSTORE_CHROMIUM:-}" ] && command -v apt-get > /dev/null && [ "$(id -u)" = 0 ]; then
  printf '\033[2m[browser]\033[0m installing Debian'"'"'s chromium for the browser tests\n' >&2
  if (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium) > /tmp/petstore-chromium-install.log 2>&1; then
    export PETSTORE_CHROMIUM=/usr/bin/chromium
  else
    printf '[browser] could not install chromium (see /tmp/petstore-chromium-install.log); the browser tests will fail\n' >&2
  fi
fi
