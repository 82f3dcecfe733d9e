#!/usr/bin/env bash
# The integration tier again on PostgreSQL (TEST_DATABASE_URL), less the files whose subject is not the database:
# what they prove is the same on either store, and the SQLite run (npm test) runs them. Each is named below with
# the reason; every other integration file, a new one included, runs on both.
#
#   CI_POSTGRES_URL=postgres://… scripts/ci/postgres-integration.sh [extra jest arguments]
set -euo pipefail
cd "$(dirname "$0")/../.."

sqlite_only=(
  /node_modules/                                  # jest's own default, which the option below replaces
  '/browser-harness\.test\.ts$'                   # the browser checks themselves; opens no database
  '/companies-house-stream-stand-in\.test\.ts$'   # the stand-in server alone; opens no database
  # Pages in Debian's chromium: layout, axe, CSP, scripts and clicks. Every read and write behind those pages is
  # the same operation the server-rendered web tests (web-lists, web-company, web-deliveries…) run on PostgreSQL.
  '/web-browser\.test\.ts$'
  '/web-company-browser\.test\.ts$'
  '/web-deliveries-browser\.test\.ts$'
  '/web-lists-browser\.test\.ts$'
  '/web-journey-browser\.test\.ts$'
  '/web-screening-matches-browser\.test\.ts$'
  '/web-oauth-browser\.test\.ts$'
  '/web-kyb-journey-browser\.test\.ts$'
  # kill -9 of the worker and of the embedded Temporal dev server (whose own store is SQLite either way). On
  # PostgreSQL the production topology (scripts/topology/ci.sh) proves a delivery that survives its worker's kill -9,
  # with the Temporal server persisted to PostgreSQL too, and bench:crash --database-url measures the full ledger.
  '/crash-ledger\.test\.ts$'
  # The same for ongoing screening's worker killed mid-run: the batch's one transaction (matches, deliveries, cursor)
  # runs on PostgreSQL in ongoing-screening.test.ts, on both stores.
  '/ongoing-screening-crash\.test\.ts$'
  # What the embedded default's demo data holds (its lists, and the company the start-up log names for each KYB
  # reason): the generator's output, the same on either store; each importer it goes through has its own tests on
  # PostgreSQL, and the files that read the demo (compliance-journey, company-details…) run here on a copy of it.
  '/demo-sanctions-lists\.test\.ts$'
  '/demo-kyb-examples\.test\.ts$'
)

: "${CI_POSTGRES_URL:?CI_POSTGRES_URL names the PostgreSQL server}"
# The ignore list last: it takes every word after it. Extra arguments are options (--json, --outputFile=…).
exec env TEST_DATABASE_URL="$CI_POSTGRES_URL" npx jest --selectProjects integration "$@" \
  --testPathIgnorePatterns "${sqlite_only[@]}"
