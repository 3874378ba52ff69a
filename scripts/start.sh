#!/usr/bin/env bash
# npm start: set everything up, seed demo data, serve app + API on one port.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
bash scripts/local-db.sh .wrangler/state
PORT="${PORT:-8787}"
node --input-type=module -e '
import { DEMO_USERS } from "./worker/domain/seed/demo.ts";
const port = process.env.PORT;
console.log(`\n  Edge Exchange is starting on http://localhost:${port}/\n`);
console.log("  Demo log-ins:");
for (const u of DEMO_USERS) console.log(`    ${u.role.padEnd(9)} ${u.email.padEnd(22)} ${u.password}`);
console.log(`\n  Operator console:      http://localhost:${port}/#/admin`);
console.log(`  Verification codes:    http://localhost:${port}/dev/outbox (development only)\n`);
' 
# wrangler dev fires no cron triggers by itself: one request once the server answers wakes every market (the Worker's
# first request does), so markets tick, quote and trade before anyone visits.
wake="fetch('http://127.0.0.1:${PORT}/api/currency/quotation_new').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
(
  for _ in $(seq 1 180); do
    if node -e "$wake" 2>/dev/null; then
      echo "  Markets woken: prices, quotes and simulated trades are running."
      exit 0
    fi
    sleep 1
  done
) &
exec npx wrangler dev --port "$PORT" --ip 127.0.0.1 --persist-to .wrangler/state --show-interactive-dev-session=false
