#!/usr/bin/env bash
# The README's start command (`npm ci && npm start`): services, build, migrations, demo data,
# then API + client on one port. Ctrl-C stops the server and the local services it started.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

services_were_running=$(bash scripts/stack.sh status | grep -c running || true)
eval "$(bash scripts/stack.sh up)"
stop_services() {
  if [ "$services_were_running" -lt 2 ]; then bash scripts/stack.sh stop; fi
}
trap stop_services EXIT

echo "[start] Building libs, server and client..."
npx tsc -b tsconfig.build.json
npm run build -w client --silent >/dev/null

export PORT="${PORT:-3000}"
export PUBLIC_URL="${PUBLIC_URL:-http://localhost:$PORT}"
export LOG_FORMAT="${LOG_FORMAT:-pretty}"
node server/dist/cli/migrate.js
if [ -f server/dist/cli/seed.js ]; then node server/dist/cli/seed.js; fi

node server/dist/main.js &
server_pid=$!
trap 'kill -TERM $server_pid 2>/dev/null; wait $server_pid 2>/dev/null; stop_services' EXIT
trap 'exit 130' INT TERM
for _ in $(seq 1 100); do
  if curl -fs "http://127.0.0.1:$PORT/api/health" >/dev/null 2>&1; then break; fi
  sleep 0.2
done
cat <<MSG

  Rentwise is running at $PUBLIC_URL
  API docs:        $PUBLIC_URL/api/docs
  Health:          $PUBLIC_URL/api/health
  Dev mailbox:     $PUBLIC_URL/dev/mailbox
$(if [ -f server/dist/cli/seed.js ]; then node server/dist/cli/seed.js --print-sign-ins 2>/dev/null || true; fi)

  Press Ctrl-C to stop.
MSG
wait $server_pid
