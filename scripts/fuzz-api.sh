#!/usr/bin/env bash
# Fuzzes the REST API against its own OpenAPI document with schemathesis (issue 14, build item 3): the service
# as `npm start` runs it (embedded Temporal dev server, SQLite) on free ports in a temporary DATA_DIR, once with
# Starter keys and once with Team keys, every operation. Fails on any 5xx, any status the document does not list
# for the operation, any answer whose body or content type does not match it, and any request the document calls
# invalid that the API accepts (negative data) or, where the document can state every rule, any request it calls
# valid that the API refuses (positive data; scripts/fuzz-api.toml names the exceptions and why).
# Before the fuzzer, the same service answers scripts/ci/standard-webhooks-check.py: a test send that the PyPI
# `standardwebhooks` package must verify (and refuse tampered), to a receiver on loopback (issue 42).
#
#   scripts/fuzz-api.sh     FUZZ_MAX_EXAMPLES (per operation and phase), FUZZ_TIME_LIMIT_SECONDS (per run),
#                           FUZZ_STARTER_KEYS, FUZZ_TEAM_KEYS and FUZZ_SEED may be set; prints a summary line per run.
#                           STANDARD_WEBHOOKS_VENV moves the verifier's venv (default .tools/standard-webhooks-venv).
set -euo pipefail
# No job control: a background job then shares this script's process group, so setsid makes it the leader of a
# new one itself (its id is the group's) rather than forking a child this script cannot follow.
set +m
cd "$(dirname "$0")/.."
root=$(pwd)

schemathesis_version=4.32.5
standard_webhooks_version=1.1.0
max_examples=${FUZZ_MAX_EXAMPLES:-40}
time_limit=${FUZZ_TIME_LIMIT_SECONDS:-300}
# One account may spend 120 (Starter) or 600 (Team) requests a minute, and a run sends about 2,000 a minute that
# reach the quota: enough accounts per run that few answers are 429 (those are still checked).
starter_keys=${FUZZ_STARTER_KEYS:-16}
team_keys=${FUZZ_TEAM_KEYS:-4}
venv="$root/.tools/fuzz-venv"
verifier_venv=${STANDARD_WEBHOOKS_VENV:-$root/.tools/standard-webhooks-venv}
log() { echo "[fuzz-api] $*"; }
# shellcheck source=ci/local-service.sh (the working folder is the repository's root from here)
source scripts/ci/local-service.sh

# schemathesis in its own venv under the git-ignored .tools/, installed once per pinned version.
if [ "$("$venv/bin/schemathesis" --version 2>/dev/null || true)" != "schemathesis, version $schemathesis_version" ]; then
  log "installing schemathesis $schemathesis_version into .tools/fuzz-venv"
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$schemathesis_version"
fi
# The verifier in a venv of its own, so neither pin moves the other's install (it has no dependencies: some 8 s once).
installed_verifier=$("$verifier_venv/bin/python" -c \
  'import importlib.metadata as m; print(m.version("standardwebhooks"))' 2>/dev/null || true)
if [ "$installed_verifier" != "$standard_webhooks_version" ]; then
  log "installing standardwebhooks $standard_webhooks_version into $verifier_venv"
  rm -rf "$verifier_venv"
  python3 -m venv "$verifier_venv"
  "$verifier_venv/bin/pip" install --quiet --disable-pip-version-check "standardwebhooks==$standard_webhooks_version"
fi

work=$(mktemp -d)
api_port=$(free_port)
temporal_port=$(free_port)
ui_port=$(free_port)
receiver_port=$(free_port)
base_url="http://127.0.0.1:$api_port"
service_ports=("$api_port" "$temporal_port" "$ui_port")
service_env=(
  "PORT=$api_port" "HOST=127.0.0.1" "PUBLIC_BASE_URL=$base_url" "DATA_DIR=$work/data" "LOG_LEVEL=warn"
  "TEMPORAL_DEV_SERVER_PORT=$temporal_port" "TEMPORAL_UI_PORT=$ui_port"
  # The Standard Webhooks check's receiver: webhook addresses are otherwise public https only.
  "WEBHOOK_DEV_ALLOWED_ORIGINS=http://127.0.0.1:$receiver_port"
)

finish() {
  local status=$?
  stop_service || status=1
  if [ "$status" -ne 0 ]; then
    for file in service.log cli.log; do
      if [ -s "$work/$file" ]; then log "$file (last 40 lines):" && tail -n 40 "$work/$file"; fi
    done
  fi
  rm -rf "$work"
  exit "$status"
}
trap finish EXIT

log "starting the service on $base_url (Temporal dev server on $temporal_port)"
start_service

# Accounts and their keys the operator way (the CLI), eight at a time: each CLI run spends most of its time starting.
create_keys() { # <plan> <count>: the keys, comma-separated
  local plan=$1 count=$2 i
  for i in $(seq 1 "$count"); do
    env "${service_env[@]}" npm run --silent cli -- accounts create --email "fuzz-$plan-$i@example.com" --plan "$plan" \
      >"$work/$plan-$i.json" 2>>"$work/cli.log" &
    if [ $((i % 8)) -eq 0 ]; then wait; fi
  done
  wait
  for i in $(seq 1 "$count"); do
    node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).api_key)' "$work/$plan-$i.json"
  done | paste -sd, -
}

status=0
for plan in starter team; do
  if [ "$plan" = team ]; then count=$team_keys; else count=$starter_keys; fi
  keys=$(create_keys "$plan" "$count")
  if [ "$plan" = starter ]; then
    # A fresh key's quota, before schemathesis spends it.
    STANDARD_WEBHOOKS_CHECK_KEY=${keys%%,*} "$verifier_venv/bin/python" scripts/ci/standard-webhooks-check.py \
      "$base_url" "$receiver_port" || status=1
  fi
  log "$plan: schemathesis against $base_url/openapi.json, at most $max_examples examples per operation and phase"
  started=$(date +%s)
  run_status=0
  (
    cd "$work"
    FUZZ_API_KEYS="$keys" FUZZ_TALLY_FILE="$work/$plan-tally.json" SCHEMATHESIS_HOOKS="$root/scripts/fuzz-api-hooks.py" \
      timeout --kill-after=10 "$time_limit" "$venv/bin/schemathesis" --config-file "$root/scripts/fuzz-api.toml" \
      run "$base_url/openapi.json" --url "$base_url" --max-examples "$max_examples" \
      ${FUZZ_SEED:+--seed "$FUZZ_SEED"} --generation-database none --no-color \
      --report json --report-json-path "$work/$plan-report.json"
  ) >"$work/$plan-output.txt" 2>&1 || run_status=$?
  seconds=$(($(date +%s) - started))
  if [ "$run_status" -ne 0 ]; then
    cat "$work/$plan-output.txt"
    [ "$run_status" -eq 124 ] && log "$plan: stopped after the $time_limit s limit"
    status=1
  fi
  node -e '
    const [plan, seconds, reportFile, tallyFile] = process.argv.slice(1);
    const fs = require("fs");
    const text = (file) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8") : null);
    const report = JSON.parse(text(reportFile) ?? "null") ?? { operations: {}, test_cases: {}, failures: [] };
    const tally = JSON.parse(text(tallyFile) ?? "{}");
    // The seed is a 128-bit integer: read as text, since a JavaScript number would round it.
    const seed = /"seed":\s*(\d+)/.exec(text(reportFile) ?? "")?.[1] ?? "?";
    const requests = Object.values(tally).reduce((sum, n) => sum + n, 0);
    const failures = report.failures.reduce((sum, f) => sum + f.count, 0);
    const statuses = Object.entries(tally).map(([status, n]) => `${status}:${n}`).join(" ");
    console.log(
      `[fuzz-api] ${plan}: ${report.operations.tested ?? 0} operations, ${report.test_cases.generated ?? 0} test cases, ` +
        `${requests} requests (${statuses}), ${failures} failures, ${seconds} s, seed ${seed}`,
    );
  ' "$plan" "$seconds" "$work/$plan-report.json" "$work/$plan-tally.json"
done
exit "$status"
