#!/usr/bin/env bash
# Makes sure this machine has Chromium at /usr/bin/chromium, which the test of
# the API's reference page drives headless (playwright-core, no browser
# download of its own): found there, or else installed from Debian's
# chromium package when this runs as root with apt-get (CI).
# Exits 0 when it is there afterwards, 1 (saying why) otherwise.
set -uo pipefail

if [ -x /usr/bin/chromium ]; then
  echo "Chromium: present"
  exit 0
fi
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "Chromium: missing, and this is not root on a Debian machine; install Debian's chromium package"
  exit 1
fi

echo "Chromium: missing; installing Debian's chromium package"
export DEBIAN_FRONTEND=noninteractive
if ! apt-get update >/dev/null || ! apt-get install -y --no-install-recommends chromium >/dev/null; then
  echo "Chromium: apt-get could not install chromium"
  exit 1
fi
if [ -x /usr/bin/chromium ]; then
  echo "Chromium: installed"
  exit 0
fi
echo "Chromium: still missing after installing chromium"
exit 1
