# syntax=docker/dockerfile:1
# One image for every process of the service (see docs/deployment.md):
#   node dist/server.js        HTTP API + MCP endpoint (default)
#   node dist/worker.js        Temporal worker (bundles dist/workflows at start)
#   node dist/cli.js migrate   apply database migrations, then exit

ARG NODE_IMAGE=node:20-bookworm-slim

# ---- build: compile TypeScript and native modules, then drop dev dependencies ----
FROM ${NODE_IMAGE} AS build
# better-sqlite3 falls back to a source build when no prebuilt binary matches. Build-stage only, so the
# toolchain is left to the base image's current Debian versions (DL3008) instead of pinned ones.
# hadolint ignore=DL3008
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
# The npm bundled with node 20 (10.x). Do not upgrade it here: npm 11's `npm ci` rejects this lockfile (it lacks
# the other platforms' optional @swc/core-* and @unrs/resolver-binding-* entries).
RUN npm ci
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build \
  && test -f dist/server.js && test -f dist/worker.js && test -f dist/cli.js && test -f dist/workflows/index.js \
  && npm prune --omit=dev

# ---- runtime: production dependencies and compiled output only ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
# Code and dependencies stay owned by root (read-only for the process); only data/ is writable.
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# DATA_DIR (default ./data) is only used when DATABASE_URL is unset (SQLite).
RUN mkdir -p /app/data && chown node:node /app/data
# The official image's non-root user `node` is uid 1000 (give runtimes that need a number, e.g. runAsUser, 1000).
# hadolint ignore=DL3066
USER node
EXPOSE 3000
# Liveness of the HTTP API. The worker and migrate containers have no HTTP server: compose disables this there.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server.js"]
