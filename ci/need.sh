#!/usr/bin/env bash
# Installs from Debian the packages of the commands that are missing, for the CI scripts
# that need a browser, node or curl on a fresh machine (only what the project's own files
# install is there). Each argument is a command, or command:package where the two differ;
# apt's lists are updated only when the first try fails (they may be missing or stale).
#
#   bash ci/need.sh chromium node:nodejs npm curl
set -euo pipefail
missing=()
for want in "$@"; do
  command -v "${want%%:*}" >/dev/null || missing+=("${want#*:}")
done
((${#missing[@]})) || exit 0
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null 2>&1 ||
  { timeout 600 apt-get update -q >/dev/null && apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null; }
