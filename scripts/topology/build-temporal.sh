#!/usr/bin/env bash
# Builds the Temporal server and Temporal's SQL schema tool from their Go module, at the version
# docker-compose.yml runs (temporalio/auto-setup:1.29.1), into the git-ignored .tools/:
#
#   .tools/bin/temporal-server       go.temporal.io/server/cmd/server
#   .tools/bin/temporal-sql-tool     go.temporal.io/server/cmd/tools/sql
#                                    (temporal-sql-tool, as in the temporalio/admin-tools image)
#   .tools/temporal-server/schema/   the PostgreSQL schemas shipped in the same module (schema/postgresql/v12)
#   .tools/temporal-server/config/   the module's dynamic config for SQL development clusters
#
# Cached: a second run finds the same version in place and returns at once. The module has no `replace`
# directive, so `go install module@version` builds it as released; only the Go module proxy is needed.
# GOCACHE / GOMODCACHE from the environment are honoured (the build-time figures in docs/deployment.md were
# measured with empty ones).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
version="${TEMPORAL_SERVER_VERSION:-v1.29.1}"
bin="$root/.tools/bin"
home="$root/.tools/temporal-server"
stamp="$home/VERSION"

log() { echo "[build-temporal] $*"; }

if [ -x "$bin/temporal-server" ] && [ -x "$bin/temporal-sql-tool" ] && [ -d "$home/schema/postgresql/v12" ] &&
  [ "$(cat "$stamp" 2>/dev/null)" = "$version" ]; then
  log "Temporal server $version: $bin/temporal-server (cached)"
  exit 0
fi
command -v go >/dev/null || {
  log "Go is needed once to build the Temporal server $version from its module (https://go.dev)"
  exit 1
}

started=$(date +%s)
log "building go.temporal.io/server $version (cmd/server, cmd/tools/sql) with $(go version | cut -d' ' -f3)"
log "  first time only; see docs/deployment.md for how long it takes with an empty and a warm Go cache"
staging="$(mktemp -d)"
trap 'rm -rf "$staging"' EXIT
# -buildvcs=false: a module download has no VCS information; -trimpath: the binaries name no local paths.
GOBIN="$staging" GOFLAGS="${GOFLAGS:-} -buildvcs=false -modcacherw" \
  go install -trimpath "go.temporal.io/server/cmd/server@$version" "go.temporal.io/server/cmd/tools/sql@$version"

module_dir="$(GOFLAGS=-modcacherw go mod download -json "go.temporal.io/server@$version" |
  sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
[ -d "$module_dir/schema/postgresql/v12" ] || {
  log "no schema/postgresql/v12 in $module_dir"
  exit 1
}

mkdir -p "$bin" "$home"
rm -rf "$home/schema" "$home/config"
mkdir -p "$home/schema/postgresql" "$home/config"
cp -R "$module_dir/schema/postgresql/v12" "$home/schema/postgresql/v12"
cp "$module_dir/config/dynamicconfig/development-sql.yaml" "$home/config/dynamicconfig-development-sql.yaml"
chmod -R u+w "$home"
mv -f "$staging/server" "$bin/temporal-server"
mv -f "$staging/sql" "$bin/temporal-sql-tool"
echo "$version" >"$stamp"
log "built in $(($(date +%s) - started)) s: $bin/temporal-server, $bin/temporal-sql-tool, schemas in $home/schema"
