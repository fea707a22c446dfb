#!/usr/bin/env bash
# Benchmarks against the built product on a throwaway, seeded database. Prints figures and ratios.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
eval "$(bash scripts/stack.sh up)"
npx tsc -b tsconfig.build.json
node bench/http.js "$@"
node bench/finance-export.js
