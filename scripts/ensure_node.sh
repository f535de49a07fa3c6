#!/usr/bin/env bash
# Make sure npm is on this machine (it installs the pinned browser-side packages: axe-core, iframe-worker).
set -euo pipefail
if command -v npm >/dev/null; then
  exit 0
fi
if [ "$(id -u)" != "0" ]; then
  echo "ensure_node: npm is missing and this user cannot apt-get install it" >&2
  exit 1
fi
echo "ensure_node: installing Debian's nodejs and npm"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends nodejs npm >/dev/null
