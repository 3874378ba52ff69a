#!/usr/bin/env bash
# The app as `npm start` serves it, on a fresh local state, for the browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node-env.sh
export CLOUDFLARE_CF_FETCH_ENABLED=false WRANGLER_SEND_METRICS=false
state=".wrangler/e2e-state-${E2E_PORT:-8799}"
rm -rf "$state"
bash scripts/local-db.sh "$state"
exec npx wrangler dev --port "${E2E_PORT:-8799}" --ip 127.0.0.1 --persist-to "$state" --show-interactive-dev-session=false
