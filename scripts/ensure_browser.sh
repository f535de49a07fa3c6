#!/usr/bin/env bash
# Make sure Debian's Chromium (for the Playwright browser tests) is on this machine.
# `playwright install` cannot download browsers here, so the tests use /usr/bin/chromium.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" != "0" ]; then
  echo "ensure_browser: /usr/bin/chromium is missing and this user cannot apt-get install it" >&2
  exit 1
fi
echo "ensure_browser: installing Debian's chromium for the browser tests"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
