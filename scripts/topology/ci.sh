#!/usr/bin/env bash
# CI: the production topology of docker-compose.yml without a Docker engine, and the proofs run against it
# (docs/deployment.md, "Run without Docker"). Needs Go (once, to build the Temporal server; cached in .tools
# and in Go's own cache), PostgreSQL at TOPOLOGY_POSTGRES_URL (default
# postgres://postgres:postgres@127.0.0.1:5432/postgres) and `npm install` done. Bounded in time: the Go build
# by TOPOLOGY_BUILD_TIMEOUT_SECONDS (default 1200; about 7 minutes with an empty Go cache on 2 cores, instant
# when cached), everything after it by TOPOLOGY_TIMEOUT_SECONDS (default 900; a run took 4½–5½ minutes on a
# busy 2-core machine), and the final `down`, which always runs, by 2 minutes.
#
#   1. build the Temporal server and temporal-sql-tool v1.29.1 (cached)
#   2. up: schemas by temporal-sql-tool, the server on PostgreSQL, migrate, two workers, two apis (production)
#   3. prove quotas and the Schedule
#   4. restart the workers and apis with NODE_ENV=development (a loopback receiver must be let through)
#   5. prove a delivery survives its worker's kill -9
#   6. down: every process group stopped, no port left open, the databases dropped
set -euo pipefail
cd "$(dirname "$0")/../.."
started=$(date +%s)
budget=${TOPOLOGY_TIMEOUT_SECONDS:-900}
step() { echo "::: topology: $* ($(($(date +%s) - started)) s)"; }
# Runs a command within what is left of the budget (counted from the end of the build).
bounded() {
  local remaining=$((budget - ($(date +%s) - budget_from)))
  if [ "$remaining" -le 0 ]; then
    echo "::: topology: out of time (${budget} s after the build)" >&2
    return 124
  fi
  timeout --kill-after=15 "$remaining" "$@"
}
run_ts() { bounded node --import tsx "$@"; }

proofs=$(mktemp)
finish() {
  status=$?
  step "down"
  timeout --kill-after=15 120 node --import tsx scripts/topology/run.ts down || status=1
  step "proof results"
  grep -E '^\[prove\] (PASS|FAIL)' "$proofs" || echo "[prove] no proof ran"
  rm -f "$proofs"
  echo "::: topology: $([ "$status" = 0 ] && echo passed || echo FAILED) in $(($(date +%s) - started)) s"
  exit "$status"
}
trap finish EXIT

# A run interrupted before its `down` (a killed CI job) left processes and databases: take them down first.
node --import tsx scripts/topology/run.ts down >/dev/null

step "build the Temporal server (go.temporal.io/server v1.29.1, cached in .tools/bin)"
timeout --kill-after=15 "${TOPOLOGY_BUILD_TIMEOUT_SECONDS:-1200}" scripts/topology/build-temporal.sh
budget_from=$(date +%s)

step "up: PostgreSQL databases, Temporal server, migrate, 2 workers, 2 apis (NODE_ENV=production)"
run_ts scripts/topology/run.ts up --node-env production --interval-seconds 20

step "prove: quotas across both apis, the change-check Schedule with two workers"
# A failed proof does not stop the run: the next proofs still run and report.
failed=0
run_ts scripts/topology/prove.ts quotas schedule | tee -a "$proofs" || failed=1

step "restart the workers and apis with NODE_ENV=development (a loopback webhook receiver)"
run_ts scripts/topology/run.ts restart-apps --node-env development

step "prove: a delivery finished after its worker is killed mid-send"
run_ts scripts/topology/prove.ts delivery | tee -a "$proofs" || failed=1
[ "$failed" = 0 ]
