import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client as PgClient } from 'pg';
import type { Config } from '../src/config';
import type { Logger } from '../src/logger';
import { startDevServer, type RunningDevServer } from '../src/temporal/dev-server';
import { runCommand, serviceEnv, spawnService, type ServiceProcess } from '../test/support/crash-processes';
import { freePort } from '../test/support/free-port';

/*
 * One crash scenario's service, run the way its users run it: `npm run api` + `npm run worker` against a
 * standalone Temporal dev server (split mode), or `npm start` with its embedded dev server (all-in-one), each
 * process the leader of its own process group so a kill -9 takes all of it. The operator CLI (`tsx src/cli.ts`)
 * runs against the same store and Temporal.
 */

export type StackKind = 'split' | 'all-in-one';

const projectRoot = resolve(__dirname, '..');
const tsx = join(projectRoot, 'node_modules', '.bin', 'tsx');

export interface StackDatabase {
  /** DATABASE_URL for the processes; undefined: SQLite at DATA_DIR/app.db. */
  url: string | undefined;
  config: Config['database'];
  drop(): Promise<void>;
}

/** A SQLite file in the scenario's data dir, or a new database on the given PostgreSQL server (dropped by `drop`). */
export async function createStackDatabase(
  dataDir: string,
  serverUrl: string | undefined,
  label: string,
): Promise<StackDatabase> {
  if (serverUrl === undefined)
    return {
      url: undefined,
      config: { kind: 'sqlite', path: join(dataDir, 'app.db') },
      drop: async () => {},
    };
  const name = `cds_bench_crash_${label.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
  const admin = new PgClient({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    config: { kind: 'postgresql', url: url.toString() },
    async drop() {
      const client = new PgClient({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface Stack {
  kind: StackKind;
  apiUrl: string;
  temporalAddress: string;
  /** The process a kill -9 targets: the worker (split) or the whole `npm start` (all-in-one). */
  target(): ServiceProcess;
  /** Starts the target again; resolves with when it was spawned and when it was ready (see `startTarget`). */
  restartTarget(): Promise<{ restartedAt: number; readyAt: number }>;
  /** Every process started so far, for their logs. */
  processes(): ServiceProcess[];
  /** Runs the operator CLI against the stack; an aborted `signal` ends it. */
  cli(args: string[], signal?: AbortSignal): Promise<unknown>;
  stop(): Promise<void>;
}

export interface StackSetup {
  kind: StackKind;
  dir: string;
  database: StackDatabase;
  receiverOrigin: string;
  cliPath: string;
  logger: Logger;
  /** Bounds each start (workflow bundling on a loaded 2-core machine takes a while). */
  startTimeoutMs: number;
}

/** The environment of every process of the stack (and of its CLI runs). */
function stackEnv(setup: StackSetup, ports: { api: number; dev: number; ui: number }, address?: string) {
  return serviceEnv({
    NODE_ENV: 'development',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    PORT: String(ports.api),
    PUBLIC_BASE_URL: `http://127.0.0.1:${ports.api}`,
    DATA_DIR: join(setup.dir, 'data'),
    WEBHOOK_DEV_ALLOWED_ORIGINS: setup.receiverOrigin,
    TEMPORAL_DEV_SERVER_PORT: String(ports.dev),
    TEMPORAL_UI_PORT: String(ports.ui),
    TEMPORAL_CLI_PATH: setup.cliPath,
    ...(setup.database.url ? { DATABASE_URL: setup.database.url } : {}),
    ...(address ? { TEMPORAL_ADDRESS: address } : {}),
  });
}

/** Polls GET /readyz until it answers 200; the time it did. */
export async function waitUntilReady(apiUrl: string, timeoutMs: number, owner?: ServiceProcess) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(`${apiUrl}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return Date.now();
    } catch {
      // Not listening yet.
    }
    if (owner?.exited()) throw new Error(`${owner.name} exited while starting; see ${owner.logFile}`);
    if (Date.now() > deadline) throw new Error(`${apiUrl}/readyz did not answer 200 within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The stack's store and ports, before any service process starts: the CLI can then fill the store (the
 * register, the account) before `npm start` would seed its own demo register into an empty one.
 */
export async function prepareStack(setup: StackSetup) {
  mkdirSync(join(setup.dir, 'data'), { recursive: true });
  mkdirSync(join(setup.dir, 'logs'), { recursive: true });
  const ports = { api: await freePort(), dev: await freePort(), ui: await freePort() };
  let devServer: RunningDevServer | undefined;
  if (setup.kind === 'split')
    devServer = await startDevServer({
      dataDir: join(setup.dir, 'temporal'),
      port: ports.dev,
      uiPort: ports.ui,
      namespace: 'default',
      cliPath: setup.cliPath,
      logger: setup.logger,
    });
  const env = stackEnv(setup, ports, devServer?.address);
  const cli = async (args: string[], signal?: AbortSignal) =>
    JSON.parse(
      await runCommand({ command: tsx, args: ['src/cli.ts', ...args], cwd: projectRoot, env, signal }),
    ) as unknown;
  return { ports, devServer, env, cli };
}

export async function startStack(
  setup: StackSetup,
  prepared: Awaited<ReturnType<typeof prepareStack>>,
): Promise<Stack> {
  const { ports, env, cli } = prepared;
  const apiUrl = `http://127.0.0.1:${ports.api}`;
  const started: ServiceProcess[] = [];
  let starts = 0;
  const spawnNpm = (name: string, script: string[]) => {
    const service = spawnService({
      name,
      command: 'npm',
      args: script,
      cwd: projectRoot,
      env,
      logFile: join(setup.dir, 'logs', `${name}-${++starts}.log`),
    });
    started.push(service);
    return service;
  };

  let target: ServiceProcess;
  /** Split: the worker is ready when it polls its task queue; all-in-one: when /readyz answers 200. */
  const startTarget = async () => {
    if (setup.kind === 'split') {
      target = spawnNpm('worker', ['run', 'worker']);
      return {
        restartedAt: target.startedAt,
        readyAt: await target.waitForLog(/^Temporal worker running$/, setup.startTimeoutMs),
      };
    }
    target = spawnNpm('all-in-one', ['start']);
    return {
      restartedAt: target.startedAt,
      readyAt: await waitUntilReady(apiUrl, setup.startTimeoutMs, target),
    };
  };

  const stop = async () => {
    for (const service of [...started].reverse()) await service.stop().catch(() => undefined);
  };
  try {
    if (setup.kind === 'split') {
      const api = spawnNpm('api', ['run', 'api']);
      await waitUntilReady(apiUrl, setup.startTimeoutMs, api);
    }
    await startTarget();
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    kind: setup.kind,
    apiUrl,
    temporalAddress: prepared.devServer?.address ?? `127.0.0.1:${ports.dev}`,
    target: () => target,
    restartTarget: startTarget,
    processes: () => [...started],
    cli,
    stop,
  };
}
