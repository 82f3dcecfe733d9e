import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { startDetached } from './process-groups';
import { runDir, temporalHome, toolsBin } from './topology-state';

// A Temporal server persisted to PostgreSQL, set up the way temporalio/auto-setup sets it up in
// docker-compose.yml: Temporal's own SQL tool creates both databases and applies the schema files that ship
// in the server's module (schema/postgresql/v12), then the server runs every service (frontend, history,
// matching, worker) in one process. Not the dev server: this is the server binary with the postgres12 plugin.

export interface PostgresTarget {
  host: string;
  port: number;
  user: string;
  password: string;
}

export function postgresTarget(adminUrl: string): PostgresTarget {
  const url = new URL(adminUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 5432),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
  };
}

export function temporalServerVersion(): string {
  const stamp = join(temporalHome, 'VERSION');
  if (!existsSync(join(toolsBin, 'temporal-server')) || !existsSync(stamp))
    throw new Error('no Temporal server in .tools: run scripts/topology/build-temporal.sh first');
  return readFileSync(stamp, 'utf8').trim();
}

/** auto-setup's steps for one database: create-database, setup-schema -v 0.0, update-schema -d <dir>. */
export function setUpTemporalSchema(
  pg: PostgresTarget,
  database: string,
  schema: 'temporal' | 'visibility',
): string {
  const tool = join(toolsBin, 'temporal-sql-tool');
  const common = ['--plugin', 'postgres12', '--endpoint', pg.host, '--port', String(pg.port)];
  common.push('--user', pg.user, '--database', database);
  // The password goes through the tool's SQL_PASSWORD variable, not the command line others can read.
  const env = { ...process.env, SQL_PASSWORD: pg.password };
  const run = (args: string[]) =>
    execFileSync(tool, [...common, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  run(['create-database']);
  run(['setup-schema', '--version', '0.0']);
  const versioned = join(temporalHome, 'schema', 'postgresql', 'v12', schema, 'versioned');
  run(['update-schema', '--schema-dir', versioned]);
  return versioned;
}

export interface TemporalServerPorts {
  frontend: number;
  frontendHttp: number;
  frontendMembership: number;
  history: number;
  historyMembership: number;
  matching: number;
  matchingMembership: number;
  worker: number;
  workerMembership: number;
}

/** Is the port free on loopback? (Bind and let go, as test/support/free-port.ts does for port 0.) */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * Nine free ports below 32768: Temporal stores each service's port in cluster_membership.rpc_port, a
 * SMALLINT, so a port from the kernel's ephemeral range (test/support/free-port.ts, 32768 and up) stops the
 * server.
 */
async function freePorts(): Promise<TemporalServerPorts> {
  const taken = new Set<number>();
  const next = async () => {
    for (let tries = 0; tries < 1000; tries++) {
      const port = 20_000 + Math.floor(Math.random() * 12_000);
      if (!taken.has(port) && (await portFree(port))) return taken.add(port) && port;
    }
    throw new Error('no free port between 20000 and 32000');
  };
  return {
    frontend: await next(),
    frontendHttp: await next(),
    frontendMembership: await next(),
    history: await next(),
    historyMembership: await next(),
    matching: await next(),
    matchingMembership: await next(),
    worker: await next(),
    workerMembership: await next(),
  };
}

/**
 * The server's config: config/development-postgres12.yaml of the same module, with free ports, the run's
 * databases and credentials, no pprof or metrics listener. Written as JSON, which YAML reads as it is.
 */
function serverConfig(
  pg: PostgresTarget,
  databases: { temporal: string; visibility: string },
  ports: TemporalServerPorts,
) {
  const sql = (databaseName: string, maxConns: number) => ({
    sql: {
      pluginName: 'postgres12',
      databaseName,
      connectAddr: `${pg.host}:${pg.port}`,
      connectProtocol: 'tcp',
      user: pg.user,
      password: pg.password,
      maxConns,
      maxIdleConns: maxConns,
      maxConnLifetime: '1h',
    },
  });
  const service = (grpcPort: number, membershipPort: number, extra: Record<string, number> = {}) => ({
    rpc: { grpcPort, membershipPort, bindOnLocalHost: true, ...extra },
  });
  return {
    log: { stdout: true, level: 'warn' },
    persistence: {
      defaultStore: 'postgres-default',
      visibilityStore: 'postgres-visibility',
      numHistoryShards: 4,
      datastores: {
        'postgres-default': sql(databases.temporal, 20),
        'postgres-visibility': sql(databases.visibility, 4),
      },
    },
    global: { membership: { maxJoinDuration: '30s', broadcastAddress: '127.0.0.1' } },
    services: {
      frontend: service(ports.frontend, ports.frontendMembership, { httpPort: ports.frontendHttp }),
      history: service(ports.history, ports.historyMembership),
      matching: service(ports.matching, ports.matchingMembership),
      worker: service(ports.worker, ports.workerMembership),
    },
    clusterMetadata: {
      enableGlobalNamespace: false,
      failoverVersionIncrement: 10,
      masterClusterName: 'active',
      currentClusterName: 'active',
      clusterInformation: {
        active: {
          enabled: true,
          initialFailoverVersion: 1,
          rpcName: 'frontend',
          rpcAddress: `127.0.0.1:${ports.frontend}`,
        },
      },
    },
    dcRedirectionPolicy: { policy: 'noop' },
    archival: { history: { state: 'disabled' }, visibility: { state: 'disabled' } },
    namespaceDefaults: { archival: { history: { state: 'disabled' }, visibility: { state: 'disabled' } } },
    dynamicConfigClient: {
      filepath: join(temporalHome, 'config', 'dynamicconfig-development-sql.yaml'),
      pollInterval: '10s',
    },
  };
}

export async function startTemporalServer(
  pg: PostgresTarget,
  databases: { temporal: string; visibility: string },
): Promise<{ pid: number; address: string; ports: TemporalServerPorts; logFile: string }> {
  const ports = await freePorts();
  const configDir = join(runDir, 'temporal-config');
  mkdirSync(configDir, { recursive: true });
  writeFileSync(
    join(configDir, 'development.yaml'),
    `${JSON.stringify(serverConfig(pg, databases, ports), null, 2)}\n`,
    { mode: 0o600 }, // it holds the database password
  );
  const logFile = join(runDir, 'temporal-server.log');
  const pid = startDetached({
    command: join(toolsBin, 'temporal-server'),
    args: [
      '--root',
      runDir,
      '--config',
      'temporal-config',
      '--env',
      'development',
      '--allow-no-auth',
      'start',
    ],
    cwd: runDir,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? runDir },
    logFile,
  });
  return { pid, address: `127.0.0.1:${ports.frontend}`, ports, logFile };
}
