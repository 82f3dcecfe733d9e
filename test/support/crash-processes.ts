import { spawn, type ChildProcess } from 'node:child_process';
import {
  closeSync,
  createWriteStream,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  type WriteStream,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { projectRoot } from './paths';
import type { TestDatabase } from './test-database';

/*
 * The service's own processes (`npm start`, `npm run api`, `npm run worker`, the CLI) run as real child
 * processes for the crash ledger, each the leader of its own process group, so that a kill -9 of the group takes
 * down everything the process started (tsx's child node, the embedded Temporal dev server) at once, as a
 * machine or container dying would. Each one's output goes to a log file; its pino lines are also scanned as
 * they arrive, so a test can wait for "Temporal worker running" and count ERROR lines.
 */

export interface LogLine {
  /** When the line arrived here (ms since the epoch). */
  at: number;
  level: number;
  msg: string;
  raw: string;
}

export interface ServiceProcess {
  name: string;
  pid: number;
  startedAt: number;
  logFile: string;
  /** pino lines at WARN (40) and above, in order. */
  readonly warnings: LogLine[];
  /** The time the first pino line whose `msg` matches arrived; rejects when the process exits first. */
  waitForLog(msg: RegExp, timeoutMs: number): Promise<number>;
  exited(): boolean;
  /** SIGKILL to the whole process group; resolves once no live process is left in it. */
  kill9(): Promise<number>;
  /** SIGTERM to the group (the service drains), SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

const PINO_WARN = 40;

/** The service's own settings: a parent's values (a developer's shell, CI) must not leak into a spawned service. */
const SERVICE_VARIABLE =
  /^(NODE_ENV|LOG_LEVEL|HOST|PORT|PUBLIC_BASE_URL|DATA_DIR|DATABASE_URL|TEMPORAL_.*|WEBHOOK_.*|COMPANIES_HOUSE_.*|SANCTIONS_.*)$/;

/** This process's environment without the service's settings, plus `settings`. */
export function serviceEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!SERVICE_VARIABLE.test(key)) env[key] = value;
  return { ...env, ...settings };
}

export function spawnService(options: {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  logFile: string;
}): ServiceProcess {
  const log: WriteStream = createWriteStream(options.logFile, { flags: 'a' });
  const child: ChildProcess = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error(`${options.name}: could not spawn ${options.command}`);
  const pid = child.pid;
  const startedAt = Date.now();
  const warnings: LogLine[] = [];
  const waiters = new Set<{ msg: RegExp; resolve: (at: number) => void }>();
  let exitInfo: string | undefined;
  const exitWaiters = new Set<(why: string) => void>();

  const onLine = (raw: string) => {
    const at = Date.now();
    log.write(`${raw}\n`);
    if (!raw.startsWith('{')) return;
    let parsed: { level?: unknown; msg?: unknown };
    try {
      parsed = JSON.parse(raw) as typeof parsed;
    } catch {
      return;
    }
    const level = typeof parsed.level === 'number' ? parsed.level : 0;
    const msg = typeof parsed.msg === 'string' ? parsed.msg : '';
    if (level >= PINO_WARN) warnings.push({ at, level, msg, raw });
    for (const waiter of waiters) {
      if (waiter.msg.test(msg)) {
        waiters.delete(waiter);
        waiter.resolve(at);
      }
    }
  };
  createInterface({ input: child.stdout! }).on('line', onLine);
  createInterface({ input: child.stderr! }).on('line', onLine);
  child.once('exit', (code, signal) => {
    exitInfo = signal ? `killed by ${signal}` : `exited with code ${code}`;
    for (const waiter of exitWaiters) waiter(exitInfo);
    exitWaiters.clear();
  });
  child.once('close', () => log.end());

  const whenExited = () =>
    new Promise<string>((resolve) => {
      if (exitInfo !== undefined) resolve(exitInfo);
      else exitWaiters.add(resolve);
    });

  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  };

  return {
    name: options.name,
    pid,
    startedAt,
    logFile: options.logFile,
    warnings,
    exited: () => exitInfo !== undefined,
    waitForLog(msg, timeoutMs) {
      return new Promise<number>((resolve, reject) => {
        if (exitInfo !== undefined) {
          reject(new Error(`${options.name} ${exitInfo} before logging ${msg}; see ${options.logFile}`));
          return;
        }
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(
            new Error(`${options.name} did not log ${msg} within ${timeoutMs} ms; see ${options.logFile}`),
          );
        }, timeoutMs);
        const waiter = {
          msg,
          resolve: (at: number) => {
            clearTimeout(timer);
            resolve(at);
          },
        };
        waiters.add(waiter);
        void whenExited().then((why) => {
          if (!waiters.delete(waiter)) return;
          clearTimeout(timer);
          reject(new Error(`${options.name} ${why} before logging ${msg}; see ${options.logFile}`));
        });
      });
    },
    async kill9() {
      const at = Date.now();
      signalGroup('SIGKILL');
      await whenExited();
      await waitForGroupGone(pid, 10_000);
      return at;
    },
    async stop(graceMs = 35_000) {
      if (exitInfo === undefined) {
        signalGroup('SIGTERM');
        const timer = setTimeout(() => signalGroup('SIGKILL'), graceMs);
        await whenExited();
        clearTimeout(timer);
      }
      // Members that outlived the leader (a dev server still stopping) get no more than the grace period.
      if (!(await groupGoneWithin(pid, graceMs))) {
        signalGroup('SIGKILL');
        await waitForGroupGone(pid, 10_000);
      }
    },
  };
}

/**
 * Live (not zombie) processes of a process group, from /proc. Killed grandchildren are re-parented to PID 1,
 * which in a container may never reap them, so `kill(-pgid, 0)` alone would say the group lives on.
 */
function liveGroupMembers(pgid: number): number[] {
  const members: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // fields[0] is the state, fields[2] the process group.
      if (Number(fields[2]) === pgid && fields[0] !== 'Z') members.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return members;
}

async function groupGoneWithin(pgid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (liveGroupMembers(pgid).length > 0) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

async function waitForGroupGone(pgid: number, ms: number): Promise<void> {
  if (!(await groupGoneWithin(pgid, ms)))
    throw new Error(`process group ${pgid} still has live members ${liveGroupMembers(pgid).join(', ')}`);
}

/**
 * Runs a one-shot command (the CLI) to its end and returns its stdout; a non-zero exit throws with stderr. An
 * aborted `signal` ends the command with SIGTERM. Its stdout goes to a file, not a pipe: the CLI exits as soon as
 * it has written, and a pipe can lose the end of a long answer at that exit (files are written synchronously).
 */
export function runCommand(options: {
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
}): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'cds-command-'));
  const outFile = join(dir, 'stdout');
  const out = openSync(outFile, 'w');
  return new Promise<string>((resolve, reject) => {
    const child = spawn(options.command, options.args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', out, 'pipe'],
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const err: Buffer[] = [];
    child.stderr!.on('data', (chunk: Buffer) => err.push(chunk));
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) resolve(readFileSync(outFile, 'utf8'));
      else
        reject(
          new Error(
            `${options.args.join(' ')} ${signal ? `killed by ${signal}` : `exited ${code}`}: ` +
              Buffer.concat(err).toString('utf8').trim(),
          ),
        );
    });
  }).finally(() => {
    closeSync(out);
    rmSync(dir, { recursive: true, force: true });
  });
}

/**
 * A worker process (`src/worker.ts` through tsx) on a test's database, Temporal server and task queue, sending
 * webhooks to the test's loopback receiver: what each kill -9 test starts, kills and starts again.
 */
export function spawnWorker(options: {
  database: TestDatabase['database'];
  temporalAddress: string;
  taskQueue: string;
  receiverOrigin: string;
  logFile: string;
}): ServiceProcess {
  const { database } = options;
  return spawnService({
    name: 'worker',
    command: join(projectRoot, 'node_modules', '.bin', 'tsx'),
    args: ['src/worker.ts'],
    cwd: projectRoot,
    env: serviceEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_URL: database.kind === 'sqlite' ? `sqlite:${database.path}` : database.url,
      TEMPORAL_ADDRESS: options.temporalAddress,
      TEMPORAL_TASK_QUEUE: options.taskQueue,
      WEBHOOK_DEV_ALLOWED_ORIGINS: options.receiverOrigin,
    }),
    logFile: options.logFile,
  });
}
