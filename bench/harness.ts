import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { cpus, platform, release, totalmem } from 'node:os';

// What every benchmark needs around its measurements: progress on stderr, a plain-text table, and an orderly
// shutdown of whatever it started (also on Ctrl-C).

export function progress(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

/** A command's output, or undefined when it is missing or fails (for the environment report). */
export function tryExec(file: string, args: string[]): string | undefined {
  try {
    return execFileSync(file, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

/** An option's whole-number value (`1_000` and `1,000` allowed), its fallback when unset, refused below `min`. */
export function wholeNumberOption(
  name: string,
  raw: string | undefined,
  fallback: number,
  min: number,
): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw.replace(/[_,]/g, ''));
  if (!Number.isInteger(value) || value < min)
    throw new Error(`--${name} must be a whole number ≥ ${min}, got ${raw}`);
  return value;
}

/** An environment variable used as a switch: `1` or `true`. */
export const envFlag = (value: string | undefined): boolean => value === '1' || value === 'true';

/** The machine and the commit a result was measured on, for the JSON result. */
export function machineAndCommit(projectRoot: string) {
  const cpuList = cpus();
  return {
    machine: {
      cpus: cpuList.length,
      cpuModel: cpuList[0]?.model.trim(),
      totalMemoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
      platform: `${platform()} ${release()}`,
      node: process.version,
    },
    git: {
      commit: tryExec('git', ['-C', projectRoot, 'rev-parse', '--short', 'HEAD']),
      dirty: (tryExec('git', ['-C', projectRoot, 'status', '--porcelain']) ?? '') !== '',
    },
  };
}

/** First column left-aligned, the rest right-aligned. */
export function formatTable(rows: string[][]): string {
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((row) => (row[col] ?? '').length)));
  return rows
    .map((row) =>
      row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!))),
    )
    .map((row) => row.join('   '))
    .join('\n');
}

export interface StopStack {
  push(name: string, stop: () => Promise<void>): void;
  /** Stops everything pushed, last first, once; later calls wait for the same stop. */
  stopAll(): Promise<void>;
}

/** Things started are stopped in reverse order; SIGINT/SIGTERM stop them too and exit 130. */
export function createStopStack(): StopStack {
  const stops: Array<{ name: string; stop: () => Promise<void> }> = [];
  let stopping: Promise<void> | undefined;
  const stopAll = () =>
    (stopping ??= (async () => {
      for (const { name, stop } of stops.reverse()) {
        await stop().catch((error: unknown) => progress(`stopping ${name} failed: ${String(error)}`));
      }
    })());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      progress(`${signal}: stopping`);
      void stopAll().then(() => process.exit(130));
    });
  }
  return { push: (name, stop) => stops.push({ name, stop }), stopAll };
}

/** Nearest-rank percentile `p` (0–100) of values already sorted ascending; NaN when there are none. */
export function nearestRank(sorted: ArrayLike<number>, p: number): number {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/**
 * Runs a benchmark's main. Its own `finally` stops what it started; if a handle still holds the process open
 * 10 s later, say so and exit instead of hanging. A failure prints and exits non-zero.
 */
export function runBenchmark(main: () => Promise<void>): void {
  main().then(
    () => {
      setTimeout(() => {
        progress('the process did not exit 10 s after stopping; forcing exit');
        process.exit(1);
      }, 10_000).unref();
    },
    (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exitCode = 1;
      setTimeout(() => process.exit(1), 10_000).unref();
    },
  );
}

/** A new file under bench/results for one run of `benchmark`, named by the time: `<benchmark>-<UTC time>.json`. */
export function resultFile(benchmark: string): string {
  const dir = join(__dirname, 'results');
  mkdirSync(dir, { recursive: true });
  const stamp = new Date()
    .toISOString()
    .replace(/:/g, '-')
    .replace(/\.\d+Z$/, 'Z');
  return join(dir, `${benchmark}-${stamp}.json`);
}

/**
 * The settings that change how the service serves pass through, as it would read them: the store's (SQLITE_*: read
 * threads and the like) and the MCP endpoint's (MCP_ALWAYS_SDK_TRANSPORT).
 */
export function servingSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(env).filter(([name]) => name.startsWith('SQLITE_') || name.startsWith('MCP_')),
  );
}
