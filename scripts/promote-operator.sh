#!/usr/bin/env bash
# Makes an existing, registered account an operator (the console's role).
# Usage: bash scripts/promote-operator.sh <email> [--remote]
# Without --remote it changes the local database of `npm start`.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node-env.sh
email="${1:?usage: promote-operator.sh <email> [--remote]}"
where="${2:---local}"
case "$email" in *"'"*) echo "invalid email" >&2; exit 2 ;; esac
npx wrangler d1 execute DB "$where" --command \
  "UPDATE users SET role = 'operator' WHERE email = lower('$email') AND role = 'user'; INSERT INTO audit_log (actor_id, action, " +
    "subject_type, subject_id, detail, created_at) SELECT id, 'promote_operator', 'user', id, '{\"by\":\"cli\"}', unixepoch() * 1000 " +
    "FROM users WHERE email = lower('$email');"
echo "If $email is registered, it is now an operator. Log in and open /#/admin."
