#!/usr/bin/env bash
# Starts (or stops) the project-local PostgreSQL and Redis that development and tests use
# when DATABASE_URL / REDIS_URL are not given. Data lives under .data/ (git-ignored).
#
#   scripts/stack.sh up     start what is missing, print `export ...` lines for the URLs
#   scripts/stack.sh stop   stop the local servers
#   scripts/stack.sh status
#
# Idempotent: `up` reuses servers that already run. Messages go to stderr so that
# `eval "$(scripts/stack.sh up)"` picks up only the exports.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DATA="$ROOT/.data"
PG_PORT="${RENTWISE_PG_PORT:-54329}"
REDIS_PORT="${RENTWISE_REDIS_PORT:-63790}"
PG_DATA="$DATA/postgres"
PG_SOCKET_DIR="$DATA/run"
REDIS_DIR="$DATA/redis"
LOCAL_DATABASE_URL="postgres://rentwise:rentwise@127.0.0.1:$PG_PORT/rentwise"
LOCAL_REDIS_URL="redis://127.0.0.1:$REDIS_PORT"

say() { echo "[stack] $*" >&2; }

is_root() { [ "$(id -u)" = 0 ]; }

apt_install() {
  if ! is_root; then
    say "Missing $* . Install it (Debian: sudo apt-get install -y $*) and run again."
    exit 1
  fi
  say "Installing $* from Debian's packages..."
  if [ ! -f /var/lib/apt/periodic/rentwise-updated ] && [ -z "$(ls -A /var/lib/apt/lists 2>/dev/null | grep -v lock || true)" ]; then
    apt-get update -qq >&2
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >&2 || {
    apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >&2
  }
}

pg_bin() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -z "$dir" ] || [ ! -x "$dir/initdb" ]; then
    apt_install postgresql >&2
    dir=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  fi
  echo "$dir"
}

# PostgreSQL refuses to run as root, so as root the cluster belongs to the postgres system user.
as_pg_user() {
  if is_root; then runuser -u postgres -- "$@"; else "$@"; fi
}

pg_up() {
  local bin; bin=$(pg_bin)
  mkdir -p "$DATA" "$PG_SOCKET_DIR"
  if is_root; then chown postgres "$PG_SOCKET_DIR"; fi
  if [ ! -s "$PG_DATA/PG_VERSION" ]; then
    say "Creating a PostgreSQL cluster in $PG_DATA"
    mkdir -p "$PG_DATA"
    if is_root; then chown postgres "$PG_DATA"; fi
    local pwfile; pwfile=$(mktemp); echo rentwise > "$pwfile"; chmod 644 "$pwfile"
    as_pg_user "$bin/initdb" -D "$PG_DATA" -U rentwise --pwfile="$pwfile" --auth=scram-sha-256 -E UTF8 --locale=C.UTF-8 >/dev/null
    rm -f "$pwfile"
  fi
  if as_pg_user "$bin/pg_ctl" -D "$PG_DATA" status >/dev/null 2>&1; then
    say "PostgreSQL already running on 127.0.0.1:$PG_PORT"
  else
    say "Starting PostgreSQL on 127.0.0.1:$PG_PORT"
    as_pg_user "$bin/pg_ctl" -D "$PG_DATA" -l "$PG_SOCKET_DIR/postgres.log" -w -t 60 \
      -o "-p $PG_PORT -c listen_addresses=127.0.0.1 -c unix_socket_directories=$PG_SOCKET_DIR -c max_connections=200 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
      start >/dev/null
  fi
  if ! PGPASSWORD=rentwise psql -h 127.0.0.1 -p "$PG_PORT" -U rentwise -d postgres -tAc "select 1 from pg_database where datname='rentwise'" | grep -q 1; then
    PGPASSWORD=rentwise psql -h 127.0.0.1 -p "$PG_PORT" -U rentwise -d postgres -qc "create database rentwise" >&2
  fi
}

redis_up() {
  if ! command -v redis-server >/dev/null; then apt_install redis-server; fi
  mkdir -p "$REDIS_DIR"
  if redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1; then
    say "Redis already running on 127.0.0.1:$REDIS_PORT"
    return
  fi
  say "Starting Redis on 127.0.0.1:$REDIS_PORT"
  # appendonly + noeviction: BullMQ's requirements for not losing jobs.
  redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --dir "$REDIS_DIR" \
    --appendonly yes --maxmemory-policy noeviction --save '' \
    --daemonize yes --pidfile "$REDIS_DIR/redis.pid" --logfile "$REDIS_DIR/redis.log"
  for _ in $(seq 1 50); do
    redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && return
    sleep 0.1
  done
  say "Redis did not start; see $REDIS_DIR/redis.log"
  exit 1
}

up() {
  if [ -n "${DATABASE_URL:-}" ]; then
    say "Using DATABASE_URL from the environment"
  else
    pg_up
    echo "export DATABASE_URL='$LOCAL_DATABASE_URL'"
  fi
  if [ -n "${REDIS_URL:-}" ]; then
    say "Using REDIS_URL from the environment"
  else
    redis_up
    echo "export REDIS_URL='$LOCAL_REDIS_URL'"
  fi
}

stop() {
  if [ -s "$PG_DATA/PG_VERSION" ]; then
    local bin; bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
    if [ -n "$bin" ] && as_pg_user "$bin/pg_ctl" -D "$PG_DATA" status >/dev/null 2>&1; then
      say "Stopping PostgreSQL"
      as_pg_user "$bin/pg_ctl" -D "$PG_DATA" -m fast -w stop >/dev/null
    fi
  fi
  if command -v redis-cli >/dev/null && redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1; then
    say "Stopping Redis"
    redis-cli -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1 || true
  fi
}

status() {
  local bin; bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$bin" ] && [ -s "$PG_DATA/PG_VERSION" ] && as_pg_user "$bin/pg_ctl" -D "$PG_DATA" status >/dev/null 2>&1; then
    echo "postgres: running on 127.0.0.1:$PG_PORT"
  else
    echo "postgres: stopped"
  fi
  if redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1; then echo "redis: running on 127.0.0.1:$REDIS_PORT"; else echo "redis: stopped"; fi
}

case "${1:-}" in
  up) up ;;
  stop) stop ;;
  status) status ;;
  *) echo "usage: scripts/stack.sh up|stop|status" >&2; exit 2 ;;
esac
