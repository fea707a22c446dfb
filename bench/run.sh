#!/usr/bin/env bash
# The benchmark suite: the built product against bare baselines. Each part can be run alone:
#   reads       hot reads on the generated bench database (bench/http.js), then Lighthouse on the built client
#   payments    payments through the API, by card and by bank (initiate, then settled through the inbox), against pgbench's rate of the same posting (bench/payments.js)
#   webhooks    10,000 signed Stripe events, 30% repeats, drained to the ledger (bench/webhooks.js)
#   rebuild     the statements projector's full rebuild against one SQL aggregate (bench/statements.js)
#   statement   a 100-property landlord's yearly statement against the pg baseline (bench/statements.js)
#   export      finance's yearly export against COPY (bench/finance-export.js)
#   charges     the rent charging job, its late fees and the reminders over 10,000 tenancies, each run again with nothing new (bench/charges.js)
#   autopay     the autopay job paying 10,000 plans by sandbox bank debit on their debit day, and its next run (bench/autopay.js)
#   rent-day    10% of 10,000 tenancies paying in a compressed hour, cards and bank debits, their events applied (bench/rent-day.js)
# Usage: npm run bench [-- --only payments,webhooks] [-- --skip export,lighthouse] [-- --scale 10]
#        [--duration 10 --runs 3 --warmup 3] [other bench/http.js options: --processes, --connections, --paths, --regenerate]
# --scale N builds the data at N times its size (its own databases) and runs the parts that measure growth:
# reads, rebuild, statement, export, charges, autopay, rent-day (not lighthouse, payments, webhooks).
# Each part replaces its own rows in bench/results.json (bench/results-<N>x.json at --scale N);
# bench/render-results.js then makes RESULTS.md's 1x / 10x table from the two files.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

only=""
skip=""
scale=1
http_args=()
common=()
plan_args=()
common_data=()
while [ $# -gt 0 ]; do
  case "$1" in
    --only) only="$2"; shift 2 ;;
    --skip) skip="$2"; shift 2 ;;
    --no-lighthouse) skip="$skip,lighthouse"; shift ;;
    --scale) scale="$2"; shift 2 ;;
    --regenerate) http_args+=("$1"); plan_args+=("$1"); common_data+=("$1"); shift ;;
    --duration|--runs|--warmup) http_args+=("$1" "$2"); common+=("$1" "$2"); plan_args+=("$1" "$2"); shift 2 ;;
    --connections|--paths|--processes) http_args+=("$1" "$2"); plan_args+=("$1" "$2"); shift 2 ;;
    *) http_args+=("$1"); shift ;;
  esac
done
case "$scale" in ''|*[!0-9]*|0) echo "--scale takes a whole number from 1, not '$scale'" >&2; exit 2 ;; esac
export BENCH_SCALE="$scale"
# What does not grow with the data is measured at 1x only.
if [ "$scale" != 1 ]; then skip="$skip,lighthouse,payments,webhooks"; fi
wants() {
  case ",$skip," in *",$1,"*) return 1 ;; esac
  [ -z "$only" ] && return 0
  case ",$only," in *",$1,"*) return 0 ;; *) return 1 ;; esac
}

# The local PostgreSQL gets shared buffers sized to the machine, a quarter of its memory up to 8 GB, in
# huge pages (decision 0049); a database given by DATABASE_URL is measured as its operator set it.
if [ -z "${DATABASE_URL:-}" ]; then
  memory_mb=$(awk '/^MemTotal:/ { print int($2 / 1024) }' /proc/meminfo)
  shared_buffers_mb=$((memory_mb / 4 > 8192 ? 8192 : memory_mb / 4))
  export RENTWISE_PG_SHARED_BUFFERS_MB=$((shared_buffers_mb < 128 ? 128 : shared_buffers_mb))
fi
eval "$(bash scripts/stack.sh up)"
# npm puts the pinned Node first on the PATH (decision 0029); every part and what it starts runs on it.
echo "Node $(node --version), $(nproc) cores, data at ${scale}x"
npx tsc -b tsconfig.build.json
parts=()
for part in reads lighthouse payments webhooks rebuild statement export charges autopay rent-day; do
  if wants "$part" && { [ "$part" != lighthouse ] || wants reads; }; then parts+=("$part"); fi
done
node bench/plan.js --parts "$(IFS=,; echo "${parts[*]}")" "${plan_args[@]}"
if wants reads; then
  if wants lighthouse; then
    # Lighthouse drives Debian's Chromium.
    bash scripts/ensure-packages.sh "chromium=${CHROMIUM_PATH:-/usr/bin/chromium}"
    npm run build -w client >/dev/null
  else
    http_args+=(--no-lighthouse)
  fi
  node bench/http.js "${http_args[@]}"
fi
if wants payments; then node bench/payments.js "${common[@]}"; fi
if wants webhooks; then node bench/webhooks.js; fi
statement_parts=()
if wants rebuild; then statement_parts+=(rebuild); fi
if wants statement; then statement_parts+=(statement); fi
if [ ${#statement_parts[@]} -gt 0 ]; then
  node bench/statements.js --parts "$(IFS=,; echo "${statement_parts[*]}")" "${common[@]}" "${common_data[@]}"
fi
if wants export; then node bench/finance-export.js; fi
if wants charges; then node bench/charges.js; fi
if wants autopay; then node bench/autopay.js; fi
if wants rent-day; then node bench/rent-day.js; fi
