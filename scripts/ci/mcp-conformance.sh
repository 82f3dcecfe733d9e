#!/usr/bin/env bash
# The MCP conformance suite (@modelcontextprotocol/conformance, pinned below) against /mcp, on Node 22 as issue 40
# asks: the service as `npm start` runs it (embedded Temporal dev server, SQLite, loopback listener) on free ports
# in a temporary DATA_DIR; the scenarios below, once with a Starter account's API key and once with an OAuth
# access token for the same account got through the real flow (scripts/ci/mcp-oauth-token.ts). The suite takes no
# credential, so each run goes through a loopback proxy that adds one header (scripts/ci/mcp-credential-proxy.mjs);
# the proxy's origin is allowed (MCP_ALLOWED_ORIGINS), as a deployment allows the origins it serves.
#
#   scripts/ci/mcp-conformance.sh     MCP_CONFORMANCE_NODE (default 22.23.3) and MCP_CONFORMANCE_TOOLS (where Node
#                                     and the suite are cached; default .tools) may be set; prints a line a scenario.
set -euo pipefail
set +m # as in scripts/fuzz-api.sh: setsid below makes the service the leader of a process group of its own
cd "$(dirname "$0")/../.."
root=$(pwd)

conformance_version=0.1.16
node_version=${MCP_CONFORMANCE_NODE:-22.23.3}
scenarios=(server-initialize ping tools-list dns-rebinding-protection)
log() { echo "[mcp-conformance] $*"; }
# shellcheck source=local-service.sh (the working folder is the repository's root from here)
source scripts/ci/local-service.sh

# Node 22 and the suite from the npm registry, each installed once under the git-ignored .tools/.
tools=${MCP_CONFORMANCE_TOOLS:-$root/.tools}
node_dir="$tools/node/$node_version"
if [ ! -x "$node_dir/bin/node" ]; then
  log "installing node@$node_version from the npm registry"
  mkdir -p "$node_dir/bin"
  npm install --prefix "$node_dir" --no-save --no-audit --no-fund --no-package-lock "node@$node_version" >/dev/null
  ln -sf "$(readlink -f "$node_dir"/node_modules/node/node_modules/node-*/bin/node)" "$node_dir/bin/node"
fi
suite_dir="$tools/mcp-conformance/$conformance_version"
suite="$suite_dir/node_modules/@modelcontextprotocol/conformance/dist/index.js"
if [ ! -f "$suite" ]; then
  log "installing @modelcontextprotocol/conformance@$conformance_version from the npm registry"
  mkdir -p "$suite_dir"
  npm install --prefix "$suite_dir" --no-save --no-audit --no-fund --no-package-lock \
    "@modelcontextprotocol/conformance@$conformance_version" >/dev/null
fi

work=$(mktemp -d)
api_port=$(free_port)
temporal_port=$(free_port)
ui_port=$(free_port)
key_proxy_port=$(free_port)
token_proxy_port=$(free_port)
base_url="http://127.0.0.1:$api_port"
service_env=(
  "PORT=$api_port" "HOST=127.0.0.1" "PUBLIC_BASE_URL=$base_url" "DATA_DIR=$work/data" "LOG_LEVEL=warn"
  "TEMPORAL_DEV_SERVER_PORT=$temporal_port" "TEMPORAL_UI_PORT=$ui_port"
  "MCP_ALLOWED_ORIGINS=http://127.0.0.1:$key_proxy_port,http://127.0.0.1:$token_proxy_port"
)
proxy_pids=()

finish() {
  local status=$?
  for pid in "${proxy_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  stop_service || status=1
  if [ "$status" -ne 0 ]; then
    for file in service.log cli.log token.log; do
      if [ -s "$work/$file" ]; then log "$file (last 40 lines):" && tail -n 40 "$work/$file"; fi
    done
  fi
  rm -rf "$work"
  exit "$status"
}
trap finish EXIT

started=$(date +%s)
log "starting the service on $base_url (Temporal dev server on $temporal_port)"
start_service
log "ready in $(($(date +%s) - started)) s"

env "${service_env[@]}" npm run --silent cli -- accounts create --email conformance@example.com --plan starter \
  >"$work/account.json" 2>"$work/cli.log"
api_key=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).api_key)' "$work/account.json")
token=$(MCP_BASE_URL="$base_url" MCP_API_KEY="$api_key" npx tsx scripts/ci/mcp-oauth-token.ts 2>"$work/token.log")

start_proxy() { # <port> <header>
  MCP_PROXY_PORT=$1 MCP_TARGET_PORT=$api_port MCP_PROXY_HEADER=$2 node scripts/ci/mcp-credential-proxy.mjs \
    >"$work/proxy-$1.log" 2>&1 &
  proxy_pids+=($!)
  for _ in $(seq 1 50); do port_open "$1" && return 0; sleep 0.1; done
  log "the proxy on $1 did not start" && return 1
}
start_proxy "$key_proxy_port" "X-Api-Key: $api_key"
start_proxy "$token_proxy_port" "Authorization: Bearer $token"

status=0
for run in "API key:$key_proxy_port" "OAuth token:$token_proxy_port"; do
  name=${run%%:*} port=${run##*:}
  for scenario in "${scenarios[@]}"; do
    if PATH="$node_dir/bin:$PATH" node "$suite" server --url "http://127.0.0.1:$port/mcp" --scenario "$scenario" \
      >"$work/run.log" 2>&1; then
      log "$name: $scenario passed"
    else
      log "$name: $scenario FAILED" && cat "$work/run.log" && status=1
    fi
  done
done
log "$( [ "$status" = 0 ] && echo passed || echo FAILED ) in $(($(date +%s) - started)) s on $("$node_dir/bin/node" --version)"
exit "$status"
