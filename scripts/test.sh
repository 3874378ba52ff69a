#!/usr/bin/env bash
# npm test: set everything up, then every check and every test. Fails on the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
echo "set-up (Node, dependencies, build): ${SECONDS}s"
mkdir -p .wrangler/reports

# Each step prints its name, and the previous one how long it took; the total closes the run.
started=$SECONDS
last=""
lap=$SECONDS
step() {
  [ -n "$last" ] && printf '\033[2m-- %s: %ss\033[0m\n' "$last" "$((SECONDS - lap))"
  last="$*"
  lap=$SECONDS
  printf '\n\033[1m== %s\033[0m\n' "$*"
}

step "type-check"
npm run --silent typecheck

step "lint"
npm run --silent lint

step "format (Prettier, lines <= 140)"
node scripts/check-format.ts

step "unit tests (node)"
npx vitest run --project unit --reporter=default --reporter=json --outputFile.json=.wrangler/reports/unit.json

step "worker tests (workerd)"
# A file that leaves an alarm chain running (a market woken by the Worker's first request) keeps workerd from ever
# finishing it, and the run waits with no CPU and no output. Such a run is stopped after 15 minutes and fails, naming the cause.
status=0
timeout 900 npx vitest run --project worker --reporter=default --reporter=json --outputFile.json=.wrangler/reports/worker.json ||
  status=$?
if [ "$status" -eq 124 ]; then
  echo "The worker tests stalled for 15 minutes: a test file left a Durable Object alarm chain running" \
    "(see callApiWith in tests/worker/helpers.ts)." >&2
fi
[ "$status" -eq 0 ] || exit "$status"

step "bundle budgets"
node scripts/check-bundle.ts

step "worker bundle (wrangler deploy --dry-run)"
npx wrangler deploy --dry-run --outdir .wrangler/dry-run >/dev/null
echo "worker bundles: $(du -sh .wrangler/dry-run | cut -f1)"

step "browser tests (Playwright, Debian Chromium)"
browser_skipped=""
if [ -x /usr/bin/chromium ] || [ -x /usr/lib/chromium/chromium ]; then
  PLAYWRIGHT_JSON_OUTPUT_NAME=.wrangler/reports/e2e.json npx playwright test --reporter=list,json
elif [ "${CI:-}" = "true" ]; then
  echo "Chromium is missing: install Debian's package (apt-get install -y chromium). Under CI this is an error." >&2
  exit 1
else
  echo "SKIPPED: Chromium is not installed (apt-get install -y chromium). CI installs it and runs these."
  rm -f .wrangler/reports/e2e.json
  browser_skipped="Chromium missing"
fi

step "summary"
echo "total: $((SECONDS - started))s"
node scripts/test-summary.ts .wrangler/reports ${browser_skipped:+--browser-skipped "$browser_skipped"}
