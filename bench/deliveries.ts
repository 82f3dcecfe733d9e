/**
 * `npm run bench:deliveries [-- --deliveries 500 --concurrency 50]`: webhook delivery throughput and latency on
 * the embedded default, against a baseline measured in the same run on the same Temporal server.
 *
 * Everything is private to the run: its own Temporal dev server on free ports with a temporary data dir, SQLite in
 * a temporary dir (./data is never touched), a loopback receiver on 127.0.0.1 let through the address rules with
 * WEBHOOK_DEV_ALLOWED_ORIGINS. See bench/README.md for what is measured and how to read it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, platform, release, tmpdir, totalmem } from 'node:os';
import { join, relative, resolve } from 'node:path';
import type { Client } from '@temporalio/client';
import { bundleWorkflowCode, Worker } from '@temporalio/worker';
import pino from 'pino';
import { loadConfig, type Config } from '../src/config';
import { WebhookDeliveryAttemptEntity } from '../src/db/entities/webhook-delivery-attempt';
import { WebhookDeliveryEntity } from '../src/db/entities/webhook-delivery';
import { createAccount } from '../src/domain/accounts/accounts';
import { alertEventId, type AlertForDelivery } from '../src/domain/webhooks/events';
import type { Logger } from '../src/logger';
import { closeServices, openServices } from '../src/server';
import type { Services } from '../src/services';
import { startAlertDelivery } from '../src/temporal/delivery-starter';
import { connectWorker } from '../src/temporal/connection';
import {
  findTemporalCli,
  startDevServer,
  startDownloadedDevServer,
  type RunningDevServer,
} from '../src/temporal/dev-server';
import { webhookDeliveryWorkflowId } from '../src/temporal/names';
import { installTemporalRuntime } from '../src/temporal/runtime';
import { startWorker } from '../src/worker';
import { freePort } from '../test/support/free-port';
import type { BaselineActivities } from './baseline-workflow';
import { startReceiver, type Receiver } from './receiver';
import {
  createStopStack,
  formatTable,
  nearestRank,
  progress,
  runBenchmark,
  tryExec,
  resultFile,
} from './harness';

const benchDir = __dirname;
const projectRoot = resolve(benchDir, '..');

// ---------------------------------------------------------------------------------------------------------------
// Options

interface Options {
  deliveries: number;
  baselineRuns: number;
  concurrency: number;
  /** Enqueues per second (0: as fast as `concurrency` allows, a burst). */
  rate: number;
  warmup: number;
  timeoutSeconds: number;
  write: boolean;
}

const optionSpecs = {
  deliveries: { flag: '--deliveries', env: 'BENCH_DELIVERIES', fallback: 500, min: 1 },
  baselineRuns: { flag: '--baseline-runs', env: 'BENCH_BASELINE_RUNS', fallback: undefined, min: 1 },
  concurrency: { flag: '--concurrency', env: 'BENCH_CONCURRENCY', fallback: 50, min: 1 },
  rate: { flag: '--rate', env: 'BENCH_RATE', fallback: 0, min: 0 },
  warmup: { flag: '--warmup', env: 'BENCH_WARMUP', fallback: 20, min: 0 },
  timeoutSeconds: { flag: '--timeout', env: 'BENCH_TIMEOUT_S', fallback: 600, min: 1 },
} as const;

const usage = `Usage: npm run bench:deliveries -- [options]   (each option also as an environment variable)
  --deliveries N      deliveries to send (BENCH_DELIVERIES, default 500)
  --baseline-runs N   baseline workflow runs (BENCH_BASELINE_RUNS, default = --deliveries)
  --concurrency C     enqueue calls in flight at once, both phases (BENCH_CONCURRENCY, default 50)
  --rate R            pace enqueues at R per second, both phases (BENCH_RATE, default 0: a burst)
  --warmup W          unmeasured runs of each kind first (BENCH_WARMUP, default 20)
  --timeout S         give up on a phase after S seconds (BENCH_TIMEOUT_S, default 600)
  --no-write          do not write bench/results/deliveries-<date>.json`;

function parseOptions(argv: string[], env: NodeJS.ProcessEnv): Options {
  const given = new Map<string, string>();
  let write = env.BENCH_NO_WRITE !== '1' && env.BENCH_NO_WRITE !== 'true';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') {
      console.log(usage);
      process.exit(0);
    }
    if (arg === '--no-write') {
      write = false;
      continue;
    }
    const [flag, inline] = arg.split('=', 2) as [string, string | undefined];
    if (!Object.values(optionSpecs).some((spec) => spec.flag === flag)) {
      throw new Error(`Unknown option ${arg}\n${usage}`);
    }
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    given.set(flag, value);
  }
  const read = (name: keyof typeof optionSpecs): number | undefined => {
    const spec = optionSpecs[name];
    const raw = given.get(spec.flag) ?? env[spec.env];
    if (raw === undefined || raw === '') return spec.fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < spec.min) {
      throw new Error(`${spec.flag} / ${spec.env} must be an integer >= ${spec.min}, got ${raw}`);
    }
    return value;
  };
  const deliveries = read('deliveries')!;
  return {
    deliveries,
    baselineRuns: read('baselineRuns') ?? deliveries,
    concurrency: read('concurrency')!,
    rate: read('rate')!,
    warmup: read('warmup')!,
    timeoutSeconds: read('timeoutSeconds')!,
    write,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Measuring helpers

interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentiles, in milliseconds, rounded to 0.1 ms. */
function summarise(values: number[]): LatencySummary {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p: number) => nearestRank(sorted, p);
  const round = (v: number) => Math.round(v * 10) / 10;
  const mean = sorted.reduce((sum, v) => sum + v, 0) / (sorted.length || 1);
  return {
    count: sorted.length,
    p50: round(rank(50)),
    p95: round(rank(95)),
    p99: round(rank(99)),
    max: round(sorted[sorted.length - 1] ?? NaN),
    mean: round(mean),
  };
}

interface MemoryPeak {
  rssMiB: number;
  heapUsedMiB: number;
  samples: number;
}

/** Samples this process (which hosts the workers) every 100 ms; `phase()` returns and resets the peaks. */
function startMemorySampler() {
  let peakRss = 0;
  let peakHeap = 0;
  let samples = 0;
  const sample = () => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
    samples += 1;
  };
  const timer = setInterval(sample, 100);
  timer.unref();
  const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
  return {
    /** Peaks since the last call (sampled once more now). */
    phase(): MemoryPeak {
      sample();
      const peak = { rssMiB: mib(peakRss), heapUsedMiB: mib(peakHeap), samples };
      peakRss = 0;
      peakHeap = 0;
      samples = 0;
      return peak;
    },
    stop: () => clearInterval(timer),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitUntil(
  what: string,
  deadline: number,
  check: () => boolean | Promise<boolean>,
  everyMs = 50,
) {
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

interface Pace {
  concurrency: number;
  /** Starts per second; 0 for no pacing. */
  rate: number;
}

const burst = (concurrency: number): Pace => ({ concurrency, rate: 0 });

/**
 * Runs `task(i)` for i in [0, count) with at most `concurrency` in flight; with a rate, task i starts no
 * earlier than i / rate seconds after the first (open loop: a slow task does not delay the schedule).
 */
async function runPool(count: number, pace: Pace, task: (i: number) => Promise<void>): Promise<void> {
  const first = Date.now();
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const i = next++;
      if (pace.rate > 0) {
        const wait = first + (i * 1000) / pace.rate - Date.now();
        if (wait > 0) await sleep(wait);
      }
      await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(pace.concurrency, count) }, lane));
}

// ---------------------------------------------------------------------------------------------------------------
// Temporal helpers

const quietBundlerLogger = {
  log: () => undefined,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: (message: string) => progress(`bundler: ${message}`),
  error: (message: string) => progress(`bundler: ${message}`),
};

async function bundle(workflowsPath: string): Promise<{ code: string }> {
  const { code } = await bundleWorkflowCode({ workflowsPath, logger: quietBundlerLogger });
  return { code };
}

async function countClosed(client: Client, taskQueue: string): Promise<number> {
  const { count } = await client.workflow.count(
    `TaskQueue = '${taskQueue}' AND ExecutionStatus != 'Running'`,
  );
  return count;
}

/** Close time (epoch ms) of every closed workflow on the task queue, by workflow id; throws on a non-Completed. */
async function closeTimes(client: Client, taskQueue: string): Promise<Map<string, number>> {
  const times = new Map<string, number>();
  for await (const execution of client.workflow.list({ query: `TaskQueue = '${taskQueue}'` })) {
    if (execution.status.name !== 'COMPLETED') {
      throw new Error(`workflow ${execution.workflowId} ended ${execution.status.name}`);
    }
    if (execution.closeTime) times.set(execution.workflowId, execution.closeTime.getTime());
  }
  return times;
}

// ---------------------------------------------------------------------------------------------------------------
// Phases

interface PhaseResult {
  runs: number;
  wallSeconds: number;
  throughputPerSecond: number;
  /** Delivery: enqueue → receipt; baseline: start → workflow closed. */
  latencyMs: LatencySummary;
  /** Both kinds: enqueue/start → workflow closed (the like-for-like comparison). */
  toClosedMs: LatencySummary;
  throughputToClosedPerSecond: number;
  /** How long the enqueue/start call itself took. */
  enqueueCallMs: LatencySummary;
  enqueueSeconds: number;
  memoryPeak: MemoryPeak;
  /** The machine's 1-minute load average as the phase began: other work on the machine skews both phases. */
  loadAverageAtStart: number;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

function rate(count: number, fromMs: number, toMs: number): number {
  return round2(count / ((toMs - fromMs) / 1000));
}

function closedSummary(ids: string[], started: Map<string, number>, closed: Map<string, number>) {
  const latencies: number[] = [];
  let last = 0;
  for (const id of ids) {
    const end = closed.get(id);
    if (end === undefined) throw new Error(`no close time for ${id}`);
    latencies.push(end - started.get(id)!);
    last = Math.max(last, end);
  }
  return { summary: summarise(latencies), last };
}

interface DeliveryBench {
  services: Services;
  config: Config;
  receiver: Receiver;
  accountId: string;
}

let nextAlertId = 1_000_000;

function benchAlert(): AlertForDelivery {
  nextAlertId += 1;
  return {
    alertId: nextAlertId,
    companyNumber: '01234567',
    companyName: 'Acme Widgets Ltd',
    alertType: 'status_change',
    severity: 'critical',
    title: 'Company status changed to liquidation',
    detail: 'The registrar now lists the company as in liquidation (previously active).',
    detectedAt: new Date(),
    lists: [{ id: 1, name: 'Clients' }],
  };
}

/** Enqueues `count` deliveries; returns the enqueue time (epoch ms) by event id and each call's duration. */
async function enqueueDeliveries(bench: DeliveryBench, count: number, pace: Pace) {
  const { services, config, receiver, accountId } = bench;
  const enqueuedAt = new Map<string, number>();
  const callMs: number[] = [];
  await runPool(count, pace, async () => {
    const alert = benchAlert();
    const eventId = alertEventId(alert.alertId);
    const at = Date.now();
    enqueuedAt.set(eventId, at);
    await startAlertDelivery(
      {
        em: services.orm.em.fork(),
        client: services.temporal,
        taskQueue: config.TEMPORAL_TASK_QUEUE,
        publicBaseUrl: config.PUBLIC_BASE_URL,
        now: new Date(at),
      },
      { accountId, alert, url: receiver.url },
    );
    callMs.push(Date.now() - at);
  });
  return { enqueuedAt, callMs };
}

async function deliveryDiagnostics(services: Services): Promise<string> {
  const em = services.orm.em.fork();
  const attempts = await em.find(WebhookDeliveryAttemptEntity, { delivered: false }, { limit: 5 });
  const pending = await em.count(WebhookDeliveryEntity, { status: 'pending' });
  const failed = attempts.map((a) => `${a.eventId}: ${a.errorClass} ${a.errorMessage ?? ''}`).join('; ');
  return `${pending} deliveries pending; failed attempts (first 5): ${failed || 'none'}`;
}

async function runDeliveryPhase(
  bench: DeliveryBench,
  options: Options,
  warmupOffset: number,
  memory: ReturnType<typeof startMemorySampler>,
): Promise<PhaseResult> {
  const { services, config, receiver } = bench;
  const n = options.deliveries;
  memory.phase();
  const loadAverageAtStart = round2(loadavg()[0]!);
  const firstEnqueue = Date.now();
  const { enqueuedAt, callMs } = await enqueueDeliveries(bench, n, options);
  const enqueueDone = Date.now();
  const deadline = firstEnqueue + options.timeoutSeconds * 1000;
  try {
    await waitUntil('every delivery to reach the receiver', deadline, () =>
      [...enqueuedAt.keys()].every((id) => receiver.firstReceipt.has(id)),
    );
  } catch (error) {
    throw new Error(`${(error as Error).message}: ${await deliveryDiagnostics(services)}`);
  }
  const memoryPeak = memory.phase();
  const latencies: number[] = [];
  let lastReceipt = 0;
  for (const [id, at] of enqueuedAt) {
    const received = receiver.firstReceipt.get(id)!;
    latencies.push(received - at);
    lastReceipt = Math.max(lastReceipt, received);
  }
  // Let every workflow record its attempt and close, so the closing figures exist and nothing is cut off.
  await waitUntil(
    'every delivery workflow to close',
    deadline,
    async () => (await countClosed(services.temporal, config.TEMPORAL_TASK_QUEUE)) >= warmupOffset + n,
    250,
  );
  const ids = [...enqueuedAt.keys()];
  const workflowStarted = new Map(ids.map((id) => [webhookDeliveryWorkflowId(id), enqueuedAt.get(id)!]));
  const closed = closedSummary(
    [...workflowStarted.keys()],
    workflowStarted,
    await closeTimes(services.temporal, config.TEMPORAL_TASK_QUEUE),
  );
  const delivered = await services.orm.em.fork().count(WebhookDeliveryEntity, { status: 'delivered' });
  if (delivered < warmupOffset + n) throw new Error(`only ${delivered} deliveries are recorded as delivered`);
  return {
    runs: n,
    wallSeconds: round2((lastReceipt - firstEnqueue) / 1000),
    throughputPerSecond: rate(n, firstEnqueue, lastReceipt),
    latencyMs: summarise(latencies),
    toClosedMs: closed.summary,
    throughputToClosedPerSecond: rate(n, firstEnqueue, closed.last),
    enqueueCallMs: summarise(callMs),
    enqueueSeconds: round2((enqueueDone - firstEnqueue) / 1000),
    memoryPeak,
    loadAverageAtStart,
  };
}

const BASELINE_QUEUE = 'bench-baseline';

async function startBaseline(client: Client, count: number, pace: Pace, prefix: string) {
  const startedAt = new Map<string, number>();
  const callMs: number[] = [];
  await runPool(count, pace, async (i) => {
    const workflowId = `${prefix}-${i}`;
    const at = Date.now();
    startedAt.set(workflowId, at);
    await client.workflow.start('baselineWorkflow', { workflowId, taskQueue: BASELINE_QUEUE, args: [] });
    callMs.push(Date.now() - at);
  });
  return { startedAt, callMs };
}

async function runBaselinePhase(
  client: Client,
  options: Options,
  warmupOffset: number,
  memory: ReturnType<typeof startMemorySampler>,
): Promise<PhaseResult> {
  const n = options.baselineRuns;
  memory.phase();
  const loadAverageAtStart = round2(loadavg()[0]!);
  const first = Date.now();
  const { startedAt, callMs } = await startBaseline(client, n, options, 'baseline');
  const enqueueDone = Date.now();
  const deadline = first + options.timeoutSeconds * 1000;
  await waitUntil(
    'every baseline workflow to close',
    deadline,
    async () => (await countClosed(client, BASELINE_QUEUE)) >= warmupOffset + n,
    100,
  );
  const memoryPeak = memory.phase();
  const closed = closedSummary([...startedAt.keys()], startedAt, await closeTimes(client, BASELINE_QUEUE));
  return {
    runs: n,
    wallSeconds: round2((closed.last - first) / 1000),
    throughputPerSecond: rate(n, first, closed.last),
    latencyMs: closed.summary,
    toClosedMs: closed.summary,
    throughputToClosedPerSecond: rate(n, first, closed.last),
    enqueueCallMs: summarise(callMs),
    enqueueSeconds: round2((enqueueDone - first) / 1000),
    memoryPeak,
    loadAverageAtStart,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Report

function report(delivery: PhaseResult, baseline: PhaseResult, ratios: Record<string, number>): string {
  const f = (v: number) => (Number.isFinite(v) ? String(v) : '-');
  const rows = [
    ['', 'deliveries', 'baseline', 'ratio'],
    ['runs', f(delivery.runs), f(baseline.runs), ''],
    [
      'throughput /s *',
      f(delivery.throughputPerSecond),
      f(baseline.throughputPerSecond),
      f(ratios.throughput!),
    ],
    ['p50 ms *', f(delivery.latencyMs.p50), f(baseline.latencyMs.p50), f(ratios.p50!)],
    ['p95 ms *', f(delivery.latencyMs.p95), f(baseline.latencyMs.p95), f(ratios.p95!)],
    ['p99 ms *', f(delivery.latencyMs.p99), f(baseline.latencyMs.p99), ''],
    [
      'throughput to workflow close /s',
      f(delivery.throughputToClosedPerSecond),
      f(baseline.throughputToClosedPerSecond),
      f(ratios.throughputToClosed!),
    ],
    [
      'p50 to workflow close ms',
      f(delivery.toClosedMs.p50),
      f(baseline.toClosedMs.p50),
      f(ratios.p50ToClosed!),
    ],
    ['p95 to workflow close ms', f(delivery.toClosedMs.p95), f(baseline.toClosedMs.p95), ''],
    ['enqueue/start call p50 ms', f(delivery.enqueueCallMs.p50), f(baseline.enqueueCallMs.p50), ''],
    ['all enqueued after s', f(delivery.enqueueSeconds), f(baseline.enqueueSeconds), ''],
    ['peak RSS MiB (whole process)', f(delivery.memoryPeak.rssMiB), f(baseline.memoryPeak.rssMiB), ''],
    [
      'peak heap used MiB (main thread)',
      f(delivery.memoryPeak.heapUsedMiB),
      f(baseline.memoryPeak.heapUsedMiB),
      '',
    ],
    ['load average (1 min) at start', f(delivery.loadAverageAtStart), f(baseline.loadAverageAtStart), ''],
  ];
  return formatTable(rows);
}

function environment(cli: string | undefined) {
  const cpuList = cpus();
  const sdk = JSON.parse(readFileSync(require.resolve('@temporalio/worker/package.json'), 'utf8')) as {
    version: string;
  };
  return {
    machine: {
      cpus: cpuList.length,
      cpuModel: cpuList[0]?.model.trim(),
      totalMemoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
      platform: `${platform()} ${release()}`,
      node: process.version,
    },
    temporal: {
      sdk: sdk.version,
      cli: cli ? tryExec(cli, ['--version']) : 'downloaded by the SDK',
    },
    git: {
      commit: tryExec('git', ['-C', projectRoot, 'rev-parse', '--short', 'HEAD']),
      dirty: (tryExec('git', ['-C', projectRoot, 'status', '--porcelain']) ?? '') !== '',
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Main

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2), process.env);
  const logger: Logger = pino({ name: 'bench', level: 'warn' }, pino.destination(2));
  // The SDK's own logs go through our logger at WARN, as the service does at its default level.
  installTemporalRuntime(logger);

  const stops = createStopStack();
  const stopAll = stops.stopAll;

  const tempDir = mkdtempSync(join(tmpdir(), 'cds-bench-'));
  stops.push('temp dir', async () => rmSync(tempDir, { recursive: true, force: true }));
  const memory = startMemorySampler();
  stops.push('memory sampler', async () => memory.stop());

  try {
    const receiver = await startReceiver();
    stops.push('receiver', receiver.close);

    const cli = findTemporalCli();
    const serverOptions = {
      dataDir: join(tempDir, 'temporal'),
      port: await freePort(),
      uiPort: await freePort(),
      namespace: 'default',
      logger,
    };
    progress('starting the Temporal dev server');
    const devServer: RunningDevServer = cli
      ? await startDevServer({ ...serverOptions, cliPath: cli })
      : await startDownloadedDevServer(serverOptions);
    stops.push('Temporal dev server', devServer.stop);

    const config = loadConfig({
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATA_DIR: join(tempDir, 'data'),
      TEMPORAL_ADDRESS: devServer.address,
      TEMPORAL_TASK_QUEUE: `bench-deliveries-${randomBytes(3).toString('hex')}`,
      PUBLIC_BASE_URL: 'https://companies.example.co.uk',
      WEBHOOK_DEV_ALLOWED_ORIGINS: receiver.origin,
    });
    const services = await openServices(config, logger);
    stops.push('services', () => closeServices(services));

    progress('bundling workflows');
    const [deliveryBundle, baselineBundle] = [
      await bundle(require.resolve('../src/workflows')),
      await bundle(require.resolve('./baseline-workflow')),
    ];

    const deliveryWorker = await startWorker({
      config,
      orm: services.orm,
      client: services.temporal,
      logger,
      workflowBundle: deliveryBundle,
    });
    stops.push('delivery worker', deliveryWorker.stop);

    const baselineConnection = await connectWorker(config);
    const baselineActivities: BaselineActivities = { noop: async () => undefined };
    const baselineWorker = await Worker.create({
      connection: baselineConnection,
      namespace: config.TEMPORAL_NAMESPACE,
      taskQueue: BASELINE_QUEUE,
      workflowBundle: baselineBundle,
      activities: baselineActivities,
    });
    const baselineRunning = baselineWorker.run();
    stops.push('baseline worker', async () => {
      baselineWorker.shutdown();
      await baselineRunning;
      await baselineConnection.close();
    });

    const { account } = await createAccount(
      services.orm.em.fork(),
      { email: 'bench@example.com', plan: 'team' },
      new Date(),
    );
    const bench: DeliveryBench = { services, config, receiver, accountId: account.id };

    if (options.warmup > 0) {
      progress(`warm-up: ${options.warmup} of each`);
      const deadline = Date.now() + options.timeoutSeconds * 1000;
      await startBaseline(services.temporal, options.warmup, burst(options.concurrency), 'warmup');
      await enqueueDeliveries(bench, options.warmup, burst(options.concurrency));
      await waitUntil('the warm-up', deadline, async () => {
        const done = await Promise.all([
          countClosed(services.temporal, BASELINE_QUEUE),
          countClosed(services.temporal, config.TEMPORAL_TASK_QUEUE),
        ]);
        return done[0] >= options.warmup && done[1] >= options.warmup;
      });
    }
    const idle = memory.phase();

    progress(`baseline: ${options.baselineRuns} runs, ${options.concurrency} starts in flight`);
    const baseline = await runBaselinePhase(services.temporal, options, options.warmup, memory);
    progress(`baseline: done in ${baseline.wallSeconds} s`);

    progress(`deliveries: ${options.deliveries}, ${options.concurrency} enqueues in flight`);
    const delivery = await runDeliveryPhase(bench, options, options.warmup, memory);
    progress(`deliveries: done in ${delivery.wallSeconds} s`);

    const ratios = {
      throughput: round2(delivery.throughputPerSecond / baseline.throughputPerSecond),
      p50: round2(delivery.latencyMs.p50 / baseline.latencyMs.p50),
      p95: round2(delivery.latencyMs.p95 / baseline.latencyMs.p95),
      throughputToClosed: round2(delivery.throughputToClosedPerSecond / baseline.throughputToClosedPerSecond),
      p50ToClosed: round2(delivery.toClosedMs.p50 / baseline.toClosedMs.p50),
    };
    const env = environment(cli);

    console.log(
      `\nDelivery benchmark: ${options.deliveries} deliveries vs ${options.baselineRuns} baseline runs, ` +
        `concurrency ${options.concurrency}, ${options.rate > 0 ? `paced at ${options.rate}/s` : 'burst'}, ` +
        `warm-up ${options.warmup}; ${env.machine.cpus} CPUs, Node ${process.version}\n`,
    );
    console.log(report(delivery, baseline, ratios));
    console.log(
      `\ndelivery throughput / baseline throughput = ${ratios.throughput}; ` +
        `delivery p50 / baseline p50 = ${ratios.p50}` +
        `\n* deliveries: enqueue → receipt at the receiver; baseline: start → workflow closed` +
        `\nidle after warm-up: RSS ${idle.rssMiB} MiB, heap used ${idle.heapUsedMiB} MiB; receiver: ` +
        `${receiver.stats.requests} requests, ${receiver.stats.duplicates} duplicates, ${receiver.stats.unsigned} unsigned`,
    );

    if (options.write) {
      const file = resultFile('deliveries');
      const result = {
        benchmark: 'deliveries',
        date: new Date().toISOString(),
        ...env,
        options: {
          deliveries: options.deliveries,
          baselineRuns: options.baselineRuns,
          concurrency: options.concurrency,
          rate: options.rate,
          warmup: options.warmup,
        },
        deliveries: delivery,
        baseline,
        ratios,
        idleMemory: idle,
        receiver: receiver.stats,
      };
      writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
      console.log(`\nwrote ${relative(process.cwd(), file)}`);
    }
  } finally {
    progress('stopping');
    await stopAll();
  }
}

runBenchmark(main);
