#!/usr/bin/env bash
# Install Debian packages the tests need when this machine lacks them (CI may run on a new machine).
#   scripts/ensure_debian.sh PROBE PACKAGE...
# PROBE is a command name or an absolute path; when it is already there nothing happens.
# Used for Chromium (browser tests; `playwright install` cannot download browsers here) and npm.
set -euo pipefail
probe=$1; shift
if [ -x "$probe" ] || command -v "$probe" >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" != "0" ]; then
  echo "ensure_debian: $probe is missing and this user cannot apt-get install $*" >&2
  exit 1
fi
echo "ensure_debian: installing $* (for $probe)"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "$@" >/dev/null
