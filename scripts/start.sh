#!/usr/bin/env bash
# The README's start command (`npm ci && npm start`): services, build, migrations, demo data,
# then API + client on one port. Ctrl-C stops the server and the local services it started.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

export PORT="${PORT:-3000}"
if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
  echo "[start] Rentwise did not start: port $PORT is taken by another program. Fix: stop it, or choose another port, e.g. PORT=3001 npm start." >&2
  exit 1
fi

server_pid=
services_were_running=$(bash scripts/stack.sh status | grep -c running || true)
# Runs on every exit (Ctrl-C, a crash of the server, a failed step): no `set -e` here, so that a
# server that is already gone cannot keep the local services from being stopped.
cleanup() {
  set +e
  if [ -n "$server_pid" ]; then kill -TERM "$server_pid" 2>/dev/null; wait "$server_pid" 2>/dev/null; fi
  if [ "$services_were_running" -lt 2 ]; then bash scripts/stack.sh stop; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM
stack_env=$(bash scripts/stack.sh up)
eval "$stack_env"

echo "[start] Building libs, server and client..."
npx tsc -b tsconfig.build.json
npm run build -w client --silent >/dev/null

export PUBLIC_URL="${PUBLIC_URL:-http://localhost:$PORT}"
export LOG_FORMAT="${LOG_FORMAT:-pretty}"
node server/dist/cli/migrate.js
if [ -f server/dist/cli/seed.js ]; then node server/dist/cli/seed.js; fi

node server/dist/main.js &
server_pid=$!
for _ in $(seq 1 100); do
  if curl -fs "http://127.0.0.1:$PORT/api/health" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$server_pid" 2>/dev/null; then
    echo "[start] Rentwise stopped while starting: see its log above." >&2
    exit 1
  fi
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
