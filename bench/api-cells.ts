import { loadavg } from 'node:os';
import { extname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { SampledCompany } from './api-database';
import type { LoadCell, LoadLane, LoadMessage, LoadResult } from './api-load';
import { buildRequests, KIND_CHECKS, KIND_LABELS, type Kind } from './api-requests';
import { progress } from './harness';

// Runs bench:api's cells: each a set of lanes the load worker (bench/api-load.ts) drives at once.

const MAX_WARMUP_SECONDS = 5;
/** No request of a working service takes this long; one that does is counted failed, not waited for. */
const MIN_REQUEST_TIMEOUT_MS = 60_000;

const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

export interface Target {
  host: string;
  port: number;
}

export interface CellResult extends LoadResult {
  kind: Kind;
  label: string;
  concurrency: number;
  background: boolean;
  /** Share of the measured phase this (the server's) thread's event loop was busy. */
  serverEventLoopUtilisation: number;
  loadAverageAtStart: number;
}

export interface LaneSpec {
  kind: Kind;
  concurrency: number;
  /** Load for the other lanes; see LoadLane. */
  background?: boolean;
  /** Replies to record; default: the cell's usual count (--requests, or --baseline-requests). */
  measured?: number;
}

export interface CellRunnerSettings {
  worker: Worker;
  targets: Record<Kind, Target>;
  sample: SampledCompany[];
  random: () => number;
  key: (kind: Kind) => (i: number) => string;
  requests: number;
  warmup: number;
  baselineRequests: number;
  maxSeconds: number;
}

export interface CellRunner {
  /** One kind alone at one concurrency. */
  run(kind: Kind, concurrency: number): Promise<CellResult>;
  /** Several lanes at once; one result per lane, in order. */
  runLanes(lanes: LaneSpec[]): Promise<CellResult[]>;
}

export function createCellRunner(settings: CellRunnerSettings): CellRunner {
  const drive = loadDriver(settings.worker);
  const runLanes = async (specs: LaneSpec[]): Promise<CellResult[]> => {
    const lanes = specs.map((spec): LoadLane => {
      const baseline = spec.kind === 'baseline';
      const warmup = baseline ? Math.max(settings.warmup, 1000) : settings.warmup;
      const measured = spec.measured ?? (baseline ? settings.baselineRequests : settings.requests);
      return {
        ...settings.targets[spec.kind],
        requests: buildRequests(spec.kind, warmup + measured, {
          sample: settings.sample,
          random: settings.random,
          key: settings.key(spec.kind),
        }),
        warmup,
        measured,
        concurrency: spec.concurrency,
        check: KIND_CHECKS[spec.kind],
        background: spec.background,
      };
    });
    const results = await drive(
      {
        type: 'run',
        lanes,
        maxSeconds: settings.maxSeconds,
        maxWarmupSeconds: MAX_WARMUP_SECONDS,
        requestTimeoutMs: Math.max(MIN_REQUEST_TIMEOUT_MS, 2 * settings.maxSeconds * 1000),
      },
      specs,
    );
    for (const result of results) {
      progress(
        `  ${result.label} @${result.concurrency}${result.background ? ' (load)' : ''}: ` +
          `${result.requestsPerSecond} req/s, p50 ${result.latencyMs.p50} ms, p95 ${result.latencyMs.p95} ms, ` +
          `p99 ${result.latencyMs.p99} ms` +
          (result.errors ? `, ${result.errors} ERRORS: ${result.errorSamples[0]}` : ''),
      );
    }
    return results;
  };
  return {
    runLanes,
    run: async (kind, concurrency) => (await runLanes([{ kind, concurrency }]))[0]!,
  };
}

/** Drives the load worker: one cell at a time. */
function loadDriver(worker: Worker) {
  return (cell: LoadCell, specs: LaneSpec[]): Promise<CellResult[]> =>
    new Promise((resolveCell, rejectCell) => {
      const loadAverageAtStart = round(loadavg()[0]!);
      const what = specs.map((spec) => KIND_LABELS[spec.kind]).join(' + ');
      let elu = performance.eventLoopUtilization();
      const onMessage = (message: LoadMessage) => {
        if (message.type === 'measuring') {
          elu = performance.eventLoopUtilization();
          return;
        }
        if (message.type === 'ready') return;
        worker.off('message', onMessage);
        worker.off('error', onError);
        if (message.type === 'failed') return rejectCell(new Error(`${what}: ${message.error}`));
        const server = round(performance.eventLoopUtilization(elu).utilization);
        resolveCell(
          message.results.map((result, i) => ({
            kind: specs[i]!.kind,
            label: KIND_LABELS[specs[i]!.kind],
            concurrency: specs[i]!.concurrency,
            background: specs[i]!.background === true,
            ...result,
            serverEventLoopUtilisation: server,
            loadAverageAtStart,
          })),
        );
      };
      const onError = (error: Error) => {
        worker.off('message', onMessage);
        rejectCell(error);
      };
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.postMessage(cell);
    });
}

export function startLoadWorker(): Promise<Worker> {
  // From TypeScript sources (tsx) the worker registers tsx's require hook first, as the importer's worker does.
  const extension = extname(__filename);
  const entry = join(__dirname, `api-load${extension}`);
  const worker =
    extension === '.ts'
      ? new Worker(`require('tsx/cjs'); require(${JSON.stringify(entry)});`, { eval: true })
      : new Worker(entry);
  return new Promise((resolveWorker, rejectWorker) => {
    worker.once('message', (message: LoadMessage) =>
      message.type === 'ready' ? resolveWorker(worker) : rejectWorker(new Error('load worker did not start')),
    );
    worker.once('error', rejectWorker);
  });
}
