import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../../test/support/free-port';
import { processAlive, startDetached, waitUntil } from './process-groups';
import { projectRoot, runDir, say, type NodeEnv, type ProcessRecord } from './topology-state';

// The service's own processes, as docker-compose.yml runs them (migrate once, then `worker` and `api`), but
// from the source with tsx instead of `node dist/…` in the image: `node --import tsx` keeps the service's pid
// the group leader's, which is the identity its Temporal worker reports (pid@host) and the pid a proof kills.

export interface AppSettings {
  nodeEnv: NodeEnv;
  databaseUrl: string;
  temporalAddress: string;
  namespace: string;
  taskQueue: string;
  changeCheckIntervalSeconds: number;
  /** Development only: the loopback receiver's origin, let through the webhook address rules. */
  devAllowedOrigin?: string;
}

function appEnvironment(settings: AppSettings, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  // A clean environment: nothing leaks in from the caller's shell (TEST_DATABASE_URL, TEMPORAL_ADDRESS …).
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? runDir,
    NODE_ENV: settings.nodeEnv,
    LOG_LEVEL: 'info',
    DATA_DIR: join(runDir, 'data'),
    DATABASE_URL: settings.databaseUrl,
    TEMPORAL_ADDRESS: settings.temporalAddress,
    TEMPORAL_NAMESPACE: settings.namespace,
    TEMPORAL_TASK_QUEUE: settings.taskQueue,
    UPGRADE_URL: 'https://example.com/pricing',
    CHANGE_CHECK_INTERVAL_SECONDS: String(settings.changeCheckIntervalSeconds),
    ...(settings.devAllowedOrigin ? { WEBHOOK_DEV_ALLOWED_ORIGINS: settings.devAllowedOrigin } : {}),
    ...extra,
  };
}

const nodeWithTsx = (entry: string) => ['--import', 'tsx', join(projectRoot, entry)];

/**
 * The compose file's `migrate` service, and a demo register for the proofs to monitor (the CLI's demo-data).
 */
export function prepareAppDatabase(settings: AppSettings, demoCompanies: number): void {
  const cli = (args: string[]) =>
    execFileSync(process.execPath, [...nodeWithTsx('src/cli.ts'), ...args], {
      cwd: projectRoot,
      env: appEnvironment(settings),
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
    });
  cli(['migrate']);
  say("app database migrated (cli migrate, as the compose file's migrate service)");
  cli(['demo-data', '--companies', String(demoCompanies), '--seed', '7']);
  say(`demo register of ${demoCompanies} companies imported (cli demo-data)`);
}

export function startWorker(settings: AppSettings, name: string): ProcessRecord {
  const logFile = join(runDir, `${name}.${settings.nodeEnv}.log`);
  const pid = startDetached({
    command: process.execPath,
    args: nodeWithTsx('src/worker.ts'),
    cwd: projectRoot,
    env: appEnvironment(settings),
    logFile,
  });
  return { name, pid, logFile, ports: [] };
}

export async function startApi(
  settings: AppSettings,
  name: string,
  port?: number,
): Promise<ProcessRecord & { url: string }> {
  const listen = port ?? (await freePort());
  const url = `http://127.0.0.1:${listen}`;
  const logFile = join(runDir, `${name}.${settings.nodeEnv}.log`);
  const pid = startDetached({
    command: process.execPath,
    args: nodeWithTsx('src/server.ts'),
    cwd: projectRoot,
    // Each api is its own public base URL here; behind a load balancer they would share one.
    env: appEnvironment(settings, { HOST: '127.0.0.1', PORT: String(listen), PUBLIC_BASE_URL: url }),
    logFile,
  });
  return { name, pid, logFile, ports: [listen], url };
}

export interface PinoLine {
  level: number;
  time: number;
  msg: string;
  [field: string]: unknown;
}

/** The pino (JSON) lines a process has logged so far. */
export function logLines(logFile: string): PinoLine[] {
  if (!existsSync(logFile)) return [];
  const lines: PinoLine[] = [];
  for (const raw of readFileSync(logFile, 'utf8').split('\n')) {
    if (!raw.startsWith('{')) continue;
    try {
      lines.push(JSON.parse(raw) as PinoLine);
    } catch {
      // a line being written as we read
    }
  }
  return lines;
}

/** Waits for a pino line whose msg matches; fails at once, naming the log, if the process has exited. */
export async function waitForLog(record: ProcessRecord, msg: RegExp, timeoutMs: number): Promise<PinoLine> {
  return waitUntil(
    `${record.name} logging ${msg}`,
    async () => logLines(record.logFile).find((line) => msg.test(line.msg)),
    timeoutMs,
    { giveUp: () => exitedReason(record) },
  );
}

/** /readyz answers 200 (database and Temporal reachable). */
export async function waitForReady(api: ProcessRecord & { url: string }, timeoutMs: number): Promise<void> {
  await waitUntil(
    `${api.name} ready at ${api.url}/readyz`,
    async () => ((await fetch(`${api.url}/readyz`)).status === 200 ? true : undefined),
    timeoutMs,
    { giveUp: () => exitedReason(api) },
  );
}

function exitedReason(record: ProcessRecord): string | undefined {
  return processAlive(record.pid) ? undefined : `the process exited: see ${record.logFile}`;
}
