#!/usr/bin/env bash
# The README's test command (`npm ci && npm test`) and exactly what .ci/run runs:
# type checks, lint, unit tests, integration tests on real PostgreSQL/Redis/SMTP, the crash suite's
# short form, browser tests.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# Each step says how long the run has taken so far, to keep the whole suite inside its 25 minutes.
step() { printf '\n==> [%dm%02ds] %s\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*"; }

# Browser tests drive Debian's Chromium and render the statement PDF with poppler's pdftoppm; the
# client's unit tests read the how-it-works video's length and size with ffmpeg's ffprobe.
bash scripts/ensure-packages.sh "chromium=${CHROMIUM_PATH:-/usr/bin/chromium}" poppler-utils=pdftoppm ffmpeg=ffprobe

# Stop at the end only the local servers this run had to start. A service that cannot start
# ends the run here, with stack.sh's one line saying why.
services_were_running=$(bash scripts/stack.sh status | grep -c running || true)
if [ "$services_were_running" -lt 2 ] && [ -z "${KEEP_SERVICES:-}" ]; then
  trap 'bash scripts/stack.sh stop' EXIT
fi
# npm puts the pinned Node first on the PATH (decision 0029): say which one runs the suites.
step "Node $(node --version), $(command -v node)"
step "Services"
stack_env=$(bash scripts/stack.sh up)
eval "$stack_env"

step "Type checks and lint"
# Three single-threaded tools, two cores: the client's type check and the lint run beside the
# server's build; each one's failure still fails the run (wait on each).
npm run typecheck -w client & client_types=$!
npx eslint . --max-warnings 0 & lint=$!
npx tsc -b tsconfig.build.json
wait "$client_types"
wait "$lint"
# The client's API types are generated from the server's OpenAPI document: they must be current.
npm run openapi -w client -- --check

step "Unit tests"
npx jest --config jest.config.js
npm test -w client

step "Build"
npm run build -w client

step "Integration tests (PostgreSQL, Redis, SMTP)"
npm run test:integration

step "Crash suite, short form (docs/reliability.md): kill -9 while tenants pay, PostgreSQL and Redis restarted"
# Its own PostgreSQL, Redis, SMTP sink and four product processes, from the build above; about 2 minutes
# (one seed: the suite stays inside its 25 minutes; more seeds are the long form's work).
# The long forms (--seeds 200, --payments 1000) are run by hand; see the README.
npm run test:faults -- --seeds 1 --payments 40 --kill-every-ms 1000

step "Browser tests (Chromium), in two lanes side by side"
bash scripts/browser-tests.sh

step "All checks passed"
