#!/usr/bin/env bash
# The browser tests and bench:web drive Debian's Chromium (never a browser downloaded by a tool).
# A fresh machine (CI) has none: install it from the distribution's packages when it is missing.
set -euo pipefail
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ -x "$CHROMIUM" ]; then
  exit 0
fi
if [ "$(id -u)" != "0" ]; then
  echo "ensure-chromium: $CHROMIUM is missing and this is not root: run 'sudo apt-get install -y chromium'" >&2
  exit 1
fi
echo "ensure-chromium: installing chromium with apt-get"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
"$CHROMIUM" --version
