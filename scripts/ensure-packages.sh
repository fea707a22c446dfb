#!/usr/bin/env bash
# Installs the Debian packages a command needs when they are missing: as root with apt-get, otherwise
# it says what to install and fails. Each argument is package=program, the program (a name on PATH or
# a path) whose absence means the package is missing:
#   bash scripts/ensure-packages.sh chromium=/usr/bin/chromium poppler-utils=pdftoppm
set -euo pipefail

missing=()
for pair in "$@"; do
  program=${pair#*=}
  if [[ $program == /* ]]; then [ -x "$program" ] && continue; else command -v "$program" >/dev/null && continue; fi
  missing+=("${pair%%=*}")
done
[ "${#missing[@]}" -eq 0 ] && exit 0

if [ "$(id -u)" != 0 ]; then
  echo "Needs Debian's ${missing[*]}: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
printf '\n==> Installing %s from Debian\n' "${missing[*]}"
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null 2>&1 || {
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}
