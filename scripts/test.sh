#!/usr/bin/env bash
# The README's test command (`npm ci && npm test`) and exactly what .ci/run runs:
# type checks, lint, unit tests, integration tests on real PostgreSQL/Redis/SMTP, browser tests.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

step() { printf '\n==> %s\n' "$*"; }

if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  if [ "$(id -u)" = 0 ]; then
    step "Installing Debian's Chromium for the browser tests"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null 2>&1 || {
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    }
  else
    echo "Browser tests need Chromium at /usr/bin/chromium: sudo apt-get install -y chromium" >&2
    exit 1
  fi
fi

# Stop at the end only the local servers this run had to start.
services_were_running=$(bash scripts/stack.sh status | grep -c running || true)
step "Services"
eval "$(bash scripts/stack.sh up)"
if [ "$services_were_running" -lt 2 ] && [ -z "${KEEP_SERVICES:-}" ]; then
  trap 'bash scripts/stack.sh stop' EXIT
fi

step "Type checks"
npx tsc -b tsconfig.build.json
npm run typecheck -w client

step "Lint"
npx eslint . --max-warnings 0

step "Unit tests"
npx jest --config jest.config.js
npm test -w client

step "Build"
npm run build -w client

step "Integration tests (PostgreSQL, Redis, SMTP)"
npm run test:integration

step "Browser tests (Chromium)"
npx playwright test

step "All checks passed"
