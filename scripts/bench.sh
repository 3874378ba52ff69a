#!/usr/bin/env bash
# npm run bench: every benchmark, each printing its figure and its ratio to a named peer.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
for b in bench/*.bench.ts; do
  [ -e "$b" ] || continue
  echo; echo "== $b"
  node --expose-gc "$b"
done
