#!/usr/bin/env bash
# The browser tests as npm test runs them (after the client's build, with the stack's environment), in
# two lanes side by side. Each lane is its own Playwright run with its own server, throwaway database and
# dev clock, so specs that move the clock or change the demo data cannot meet. Lane 1 runs the spec files
# from a to o; lane 2 the rest, then the card-paying journeys again, the product configured as with real
# keys against the tests' fakes (Stripe.js and Accept.js stand-ins, production CSP; decision 0034). Split
# by first letter, not by Playwright's shards (which count tests, not time), the two lanes take about
# 10 minutes each in CI (without screenshots: E2E_SCREENSHOTS); a new spec file falls in one of them by
# its name. Each line names its lane.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# A free port per server, so that lanes and checkouts can test at once.
free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
lane() {
  local name=$1
  shift
  "$@" 2>&1 | sed -u "s/^/[$name] /"
}

lane "lane 1" env E2E_PORT="$(free_port)" E2E_LANE=1 npx playwright test 'e2e/[a-o]' &
lane_1=$!
lane "lane 2" bash -c "E2E_PORT=$(free_port) E2E_LANE=2 npx playwright test 'e2e/[^a-o]' && \
  E2E_PORT=$(free_port) E2E_LANE=2 E2E_CARD_PROVIDERS=stand-ins npx playwright test" &
lane_2=$!
failed=0
wait "$lane_1" || failed=1
wait "$lane_2" || failed=1
exit "$failed"
