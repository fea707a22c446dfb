#!/usr/bin/env bash
# Starts (or stops) the project-local PostgreSQL and Redis that development and tests use
# when DATABASE_URL / REDIS_URL are not given. Data lives under .data/ (git-ignored).
#
#   scripts/stack.sh up     start what is missing, print `export ...` lines for the URLs
#   scripts/stack.sh stop   stop the local servers
#   scripts/stack.sh status
#
# Idempotent: `up` reuses this checkout's servers when they already run, and never another
# checkout's. Messages go to stderr so that `stack_env=$(scripts/stack.sh up)` captures only the
# exports; a service that cannot start ends `up` at once with one line: service, cause, fix.
# Where the cluster runs and as whom: docs/decisions/0015-local-stack-from-any-folder.md.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DATA="$ROOT/.data"
# Ports differ per checkout (derived from its path) so that two checkouts never share a server.
PORT_OFFSET=$(( $(printf '%s' "$ROOT" | cksum | cut -d ' ' -f 1) % 1000 ))
PG_PORT="${RENTWISE_PG_PORT:-$((54000 + PORT_OFFSET))}"
REDIS_PORT="${RENTWISE_REDIS_PORT:-$((56000 + PORT_OFFSET))}"
PG_DATA="$DATA/postgres"
RUN_DIR="$DATA/run"
REDIS_DIR="$DATA/redis"

say() { echo "[stack] $*" >&2; }
# The one line a failed start ends with.
fail() { echo "[stack] $1 did not start: $2. Fix: $3." >&2; exit 1; }

is_root() { [ "$(id -u)" = 0 ]; }

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

apt_install() {
  local service=$1; shift
  if ! is_root; then
    fail "$service" "$* is not installed" "install it (Debian: sudo apt-get install -y $*) and run again"
  fi
  say "Installing $* from Debian's packages..."
  if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >&2; then
    apt-get update -qq >&2 || true
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >&2 ||
      fail "$service" "apt-get could not install $*" "run 'apt-get update && apt-get install -y $*' and look at its error"
  fi
}

pg_bin() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -z "$dir" ] || [ ! -x "$dir/initdb" ]; then
    apt_install PostgreSQL postgresql
    dir=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  fi
  echo "$dir"
}

# PostgreSQL refuses to run as root. It runs as the owner of this checkout instead, so it can reach
# .data/ whatever the modes of the folders above it: as that user when it is not root, and when root
# owns the checkout, inside a user namespace where root appears as an unprivileged user.
as_checkout_owner() {
  if ! is_root; then "$@"; return; fi
  local owner; owner=$(stat -c %u "$ROOT")
  if [ "$owner" != 0 ]; then
    setpriv --reuid="$owner" --regid="$(stat -c %g "$ROOT")" --clear-groups -- "$@"
  else
    unshare --user --map-user="$(id -u nobody)" --map-group="$(id -g nobody)" -- "$@"
  fi
}

check_can_run_postgres() {
  if is_root && [ "$(stat -c %u "$ROOT")" = 0 ] && ! unshare --user --map-user="$(id -u nobody)" true 2>/dev/null; then
    fail PostgreSQL "it cannot run as root and this system allows no user namespaces" \
      "run as a non-root user, or set DATABASE_URL to a PostgreSQL of your own"
  fi
}

# The postmaster's pid and port, from its postmaster.pid (lines 1 and 4), while it runs.
pg_pid() {
  local pid; pid=$(sed -n 1p "$PG_DATA/postmaster.pid" 2>/dev/null || true)
  [ -n "$pid" ] && [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = postgres ] && echo "$pid"
}
pg_running() { [ -n "$(pg_pid)" ]; }
pg_running_port() { sed -n 4p "$PG_DATA/postmaster.pid" 2>/dev/null; }

# Megabytes of shared buffers the running cluster has.
pg_shared_buffers_mb() {
  PGPASSWORD=rentwise psql -h 127.0.0.1 -p "$(pg_running_port)" -U rentwise -d postgres -qAt \
    -c "SELECT setting::bigint * 8 / 1024 FROM pg_settings WHERE name = 'shared_buffers'"
}

# RENTWISE_PG_SHARED_BUFFERS_MB (the bench sets it, decision 0049) sizes the shared buffers as an operator
# would on a big ledger, in huge pages: with 4 kB pages each backend's first touch of a buffer is a page
# fault, and on this kind of VM those cost more than the default 128 MB's reads through the page cache.
pg_memory_options() {
  local mb=${RENTWISE_PG_SHARED_BUFFERS_MB:-}
  [ -z "$mb" ] && return 0
  local pages=$((mb / 2 + mb / 20 + 16)) # 2 MB pages, and room for the rest of shared memory
  if is_root && [ "$(cat /proc/sys/vm/nr_hugepages)" -lt "$pages" ]; then
    sysctl -q -w vm.nr_hugepages="$pages" || say "could not reserve $pages huge pages; shared buffers in 4 kB pages"
  fi
  echo "-c shared_buffers=${mb}MB -c huge_pages=try"
}

pg_up() {
  local bin; bin=$(pg_bin)
  check_can_run_postgres
  mkdir -p "$RUN_DIR"
  if pg_running && [ -n "${RENTWISE_PG_SHARED_BUFFERS_MB:-}" ] && [ "$(pg_shared_buffers_mb)" != "$RENTWISE_PG_SHARED_BUFFERS_MB" ]; then
    say "Restarting PostgreSQL with ${RENTWISE_PG_SHARED_BUFFERS_MB} MB of shared buffers"
    pg_stop
  fi
  if pg_running; then
    PG_PORT=$(pg_running_port)
    say "PostgreSQL already running on 127.0.0.1:$PG_PORT"
  else
    if port_in_use "$PG_PORT"; then
      fail PostgreSQL "port $PG_PORT on 127.0.0.1 is taken by another program" \
        "stop that program, or choose another port, e.g. export RENTWISE_PG_PORT=$((PG_PORT + 1))"
    fi
    if [ -s "$PG_DATA/PG_VERSION" ] && is_root && [ "$(stat -c %u "$PG_DATA")" != "$(stat -c %u "$ROOT")" ]; then
      # A cluster made by an earlier version of this script, owned by the postgres system user.
      chown -R "$(stat -c %u "$ROOT"):$(stat -c %g "$ROOT")" "$PG_DATA" "$RUN_DIR"
    fi
    if [ ! -s "$PG_DATA/PG_VERSION" ]; then
      say "Creating a PostgreSQL cluster in $PG_DATA"
      rm -rf "$PG_DATA"
      mkdir -p "$PG_DATA"
      echo rentwise > "$RUN_DIR/pwfile"
      if ! as_checkout_owner "$bin/initdb" -D "$PG_DATA" -U rentwise --pwfile="$RUN_DIR/pwfile" \
        --auth=scram-sha-256 -E UTF8 --locale=C.UTF-8 >"$RUN_DIR/initdb.log" 2>&1; then
        rm -f "$RUN_DIR/pwfile"
        fail PostgreSQL "initdb failed ($(grep -m1 -i 'error' "$RUN_DIR/initdb.log" || tail -n 1 "$RUN_DIR/initdb.log"))" \
          "see $RUN_DIR/initdb.log, then remove $PG_DATA and run again"
      fi
      rm -f "$RUN_DIR/pwfile"
    fi
    say "Starting PostgreSQL on 127.0.0.1:$PG_PORT"
    # fsync=off only skips the flush to disk, which matters when the machine crashes, not PostgreSQL;
    # synchronous_commit stays on: off, a PostgreSQL crash loses commits already answered (docs/reliability.md).
    if ! as_checkout_owner "$bin/pg_ctl" -D "$PG_DATA" -l "$RUN_DIR/postgres.log" -w -t 60 \
      -o "-p $PG_PORT -c listen_addresses=127.0.0.1 -c unix_socket_directories=$RUN_DIR -c max_connections=200 -c fsync=off $(pg_memory_options)" \
      start >/dev/null 2>&1; then
      fail PostgreSQL "$(grep -m1 -E 'FATAL|ERROR|could not' "$RUN_DIR/postgres.log" | sed 's/.*\(FATAL\|ERROR\|LOG\): *//' || echo 'pg_ctl start failed')" \
        "see $RUN_DIR/postgres.log"
    fi
  fi
  # `rentwise` owns the cluster and runs the migrations; the application signs in as `rentwise_web`,
  # which owns nothing and has only what the migrations grant to `rentwise_app` (decision 0013).
  PGPASSWORD=rentwise psql -h 127.0.0.1 -p "$PG_PORT" -U rentwise -d postgres -qAt -v ON_ERROR_STOP=1 >/dev/null <<'SQL'
SELECT 'CREATE DATABASE rentwise' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'rentwise') \gexec
SELECT 'CREATE ROLE rentwise_app NOLOGIN' WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'rentwise_app') \gexec
SELECT 'CREATE ROLE rentwise_web LOGIN PASSWORD ''rentwise'' IN ROLE rentwise_app'
  WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'rentwise_web') \gexec
SQL
  # The product connects over the cluster's Unix socket (its folder's path, percent-encoded, as the
  # URL's host): a round trip costs about a third less than over loopback TCP (decision 0023).
  local host=127.0.0.1
  if [ -S "$RUN_DIR/.s.PGSQL.$PG_PORT" ] && [[ "$RUN_DIR" =~ ^[A-Za-z0-9._/-]+$ ]]; then host="${RUN_DIR//\//%2F}"; fi
  echo "export DATABASE_MIGRATION_URL='postgres://rentwise:rentwise@$host:$PG_PORT/rentwise'"
  echo "export DATABASE_URL='postgres://rentwise_web:rentwise@$host:$PG_PORT/rentwise'"
}

# This checkout's Redis: the live process in its pidfile; its title names the port it listens on.
redis_pid() {
  local pid; pid=$(cat "$REDIS_DIR/redis.pid" 2>/dev/null || true)
  [ -n "$pid" ] && [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = redis-server ] && echo "$pid"
}
redis_running_port() { tr '\0' ' ' < "/proc/$(redis_pid)/cmdline" | sed -E 's/.*:([0-9]+).*/\1/'; }

redis_up() {
  if ! command -v redis-server >/dev/null; then apt_install Redis redis-server; fi
  mkdir -p "$REDIS_DIR"
  if [ -n "$(redis_pid)" ]; then
    REDIS_PORT=$(redis_running_port)
    say "Redis already running on 127.0.0.1:$REDIS_PORT"
  else
    if port_in_use "$REDIS_PORT"; then
      fail Redis "port $REDIS_PORT on 127.0.0.1 is taken by another program (or another checkout's Redis)" \
        "stop that program, or choose another port, e.g. export RENTWISE_REDIS_PORT=$((REDIS_PORT + 1))"
    fi
    say "Starting Redis on 127.0.0.1:$REDIS_PORT"
    rm -f "$REDIS_DIR/redis.log"
    # appendonly + noeviction: BullMQ's requirements for not losing jobs.
    redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --dir "$REDIS_DIR" \
      --appendonly yes --maxmemory-policy noeviction --save '' \
      --daemonize yes --pidfile "$REDIS_DIR/redis.pid" --logfile "$REDIS_DIR/redis.log" >/dev/null 2>&1 || true
    local started=
    for _ in $(seq 1 50); do
      if [ -n "$(redis_pid)" ] && redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1; then started=1; break; fi
      sleep 0.1
    done
    if [ -z "$started" ]; then
      fail Redis "$(grep -m1 -E '#|rror' "$REDIS_DIR/redis.log" 2>/dev/null | sed -E 's/^[0-9]+:[A-Z] [^#]*# *//' || echo 'redis-server exited')" \
        "see $REDIS_DIR/redis.log"
    fi
  fi
  echo "export REDIS_URL='redis://127.0.0.1:$REDIS_PORT'"
}

up() {
  if [ -n "${DATABASE_URL:-}" ]; then say "Using DATABASE_URL from the environment"; else pg_up; fi
  if [ -n "${REDIS_URL:-}" ]; then say "Using REDIS_URL from the environment"; else redis_up; fi
}

pg_stop() {
  local pid; pid=$(pg_pid || true)
  if [ -n "$pid" ]; then
    say "Stopping PostgreSQL"
    kill -INT "$pid" # fast shutdown, as pg_ctl -m fast does
    for _ in $(seq 1 600); do [ -d "/proc/$pid" ] || break; sleep 0.1; done
  fi
}

stop() {
  pg_stop
  local pid; pid=$(redis_pid || true)
  if [ -n "$pid" ]; then
    say "Stopping Redis"
    redis-cli -p "$(redis_running_port)" shutdown nosave >/dev/null 2>&1 || kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do [ -d "/proc/$pid" ] || break; sleep 0.1; done
  fi
}

status() {
  if pg_running; then
    echo "postgres: running on 127.0.0.1:$(pg_running_port)"
  else
    echo "postgres: stopped (would start on 127.0.0.1:$PG_PORT)"
  fi
  if [ -n "$(redis_pid)" ]; then
    echo "redis: running on 127.0.0.1:$(redis_running_port)"
  else
    echo "redis: stopped (would start on 127.0.0.1:$REDIS_PORT)"
  fi
}

case "${1:-}" in
  up) up ;;
  stop) stop ;;
  status) status ;;
  *) echo "usage: scripts/stack.sh up|stop|status" >&2; exit 2 ;;
esac
