# Sourced by start.sh, test.sh and bench.sh: Node, dependencies, local secrets, the SPA build.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/node-env.sh
export CLOUDFLARE_CF_FETCH_ENABLED=false WRANGLER_SEND_METRICS=false

# A node_modules that is a link belongs to another checkout (a git worktree sharing it): never reinstall through it.
if [ ! -L node_modules ] && { [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; }; then
  echo "[setup] installing dependencies (npm ci)..."
  npm ci --no-audit --no-fund --loglevel=error
fi

# Local-only secrets. Never committed; production sets them with `wrangler secret put`.
if [ ! -f .dev.vars ]; then
  echo "[setup] writing .dev.vars with a fresh local password pepper"
  {
    echo "ENVIRONMENT=development"
    echo "MARKET_FEED=simulator"
    echo "PASSWORD_PEPPER=$(node -e 'console.log(require("crypto").randomBytes(32).toString("hex"))')"
  } > .dev.vars
fi

# Local runs trade on simulated prices (a deployed site never does; see wrangler.toml).
grep -q '^MARKET_FEED=' .dev.vars || echo "MARKET_FEED=simulator" >> .dev.vars

if [ "${SKIP_BUILD:-}" != "1" ]; then
  echo "[setup] building the web app..."
  npx vite build --logLevel warn
fi
