#!/usr/bin/env bash
# The benchmark suite: the built product against bare baselines on the generated bench database
# (bench/data.js), then Lighthouse on the built client. Arguments go to bench/http.js.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
eval "$(bash scripts/stack.sh up)"
npx tsc -b server/tsconfig.json
case " $* " in
  *" --no-lighthouse "*) ;;
  *) npm run build -w client >/dev/null ;;
esac
node bench/http.js "$@"
node bench/finance-export.js
