# Applies migrations and the demo seed to a local D1 state folder (default .wrangler/state).
# Usage: bash scripts/local-db.sh [persist-dir]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/node-env.sh
persist="${1:-.wrangler/state}"
mkdir -p .wrangler
CI=true npx wrangler d1 migrations apply DB --local --persist-to "$persist" >/dev/null
node scripts/seed.ts .dev.vars .wrangler/seed.sql
npx wrangler d1 execute DB --local --persist-to "$persist" --file .wrangler/seed.sql >/dev/null
# Demo media into the local R2 bucket (FILES), under the keys the seed's rows name.
node scripts/seed-media.ts "$persist"
echo "[db] migrations applied and demo data seeded in $persist"
