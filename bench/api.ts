/**
 * `npm run bench:api [-- --companies 1000000 --requests 2000 --concurrency 1,16,64 --seed 1]`: the API's
 * `get_company` and `search_companies`, over REST and over MCP (stateless POST /mcp), at several concurrencies on a
 * generated register, against a bare Koa route returning constant JSON measured in the same run (the baseline).
 * Also the import rate of that register.
 *
 * Everything is private to the run: SQLite in a temporary dir (./data is never touched), its own Temporal dev
 * server on free ports (the API needs a Temporal client; no worker runs), the API and the baseline app on free
 * loopback ports in this process, and the load generator in a worker thread (bench/api-load.ts). See
 * bench/README.md ("API benchmark") for what is measured and how to read it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { extname, join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import Router from '@koa/router';
import Koa from 'koa';
import pino from 'pino';
import { loadConfig } from '../src/config';
import { migrate, openDatabase, type Orm } from '../src/db/orm';
import { createAccount } from '../src/domain/accounts/accounts';
import { Quotas } from '../src/domain/accounts/quota';
import { nameStem, normaliseCompanyName } from '../src/domain/companies/company-name';
import { importDemoRegister } from '../src/demo/demo-data';
import type { Logger } from '../src/logger';
import { startApi, type RunningApi } from '../src/server';
import type { Services } from '../src/services';
import { connectClient } from '../src/temporal/connection';
import { findTemporalCli, startDevServer } from '../src/temporal/dev-server';
import { freePort } from '../test/support/free-port';
import type { LoadCell, LoadMessage, LoadRequest, LoadResult, ReplyCheck } from './api-load';
import {
  createStopStack,
  envFlag,
  formatTable,
  machineAndCommit,
  progress,
  runBenchmark,
  wholeNumberOption,
  resultFile,
} from './harness';

const benchDir = __dirname;
const projectRoot = resolve(benchDir, '..');
const MCP_PROTOCOL_VERSION = '2025-06-18';
/** Requests a key may send within a minute under the real quotas: below Team's 600 a minute. */
const REQUESTS_PER_QUOTA_KEY = 500;
const MAX_WARMUP_SECONDS = 5;

// ---------------------------------------------------------------------------------------------------------------
// Options

const usage = `Usage: npm run bench:api -- [options]   (each option also as an environment variable)
  --companies N        companies in the generated register (BENCH_COMPANIES, default 1000000)
  --requests N         measured requests per cell (BENCH_REQUESTS, default 2000)
  --warmup N           unmeasured requests first in each cell, for at most 5 s (BENCH_WARMUP, default 200)
  --baseline-requests N  measured requests per baseline run (BENCH_BASELINE_REQUESTS, default 10000;
                       its warm-up is max(--warmup, 1000)): the bare route is fast, and a short run is noisy
  --concurrency LIST   requests in flight, comma-separated (BENCH_CONCURRENCY, default 1,16,64)
  --max-seconds S      cut a cell's measured phase after S seconds (BENCH_MAX_SECONDS, default 15)
  --seed N             register generator and request sampling seed (BENCH_SEED, default 1)
  --no-quota-row       skip the extra row with the real quotas (BENCH_NO_QUOTA_ROW=1)
  --no-write           do not write bench/results/api-<date>.json (BENCH_NO_WRITE=1)`;

interface Options {
  companies: number;
  requests: number;
  warmup: number;
  baselineRequests: number;
  concurrency: number[];
  maxSeconds: number;
  seed: number;
  quotaRow: boolean;
  write: boolean;
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      companies: { type: 'string' },
      requests: { type: 'string' },
      warmup: { type: 'string' },
      'baseline-requests': { type: 'string' },
      concurrency: { type: 'string' },
      'max-seconds': { type: 'string' },
      seed: { type: 'string' },
      'no-quota-row': { type: 'boolean', default: false },
      'no-write': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const env = process.env;
  const concurrencyRaw = values.concurrency ?? env.BENCH_CONCURRENCY ?? '1,16,64';
  const concurrency = concurrencyRaw
    .split(',')
    .map((part) => wholeNumberOption('concurrency', part.trim(), 1, 1));
  return {
    companies: wholeNumberOption('companies', values.companies ?? env.BENCH_COMPANIES, 1_000_000, 1),
    requests: wholeNumberOption('requests', values.requests ?? env.BENCH_REQUESTS, 2000, 1),
    warmup: wholeNumberOption('warmup', values.warmup ?? env.BENCH_WARMUP, 200, 0),
    baselineRequests: wholeNumberOption(
      'baseline-requests',
      values['baseline-requests'] ?? env.BENCH_BASELINE_REQUESTS,
      10_000,
      1,
    ),
    concurrency,
    maxSeconds: wholeNumberOption('max-seconds', values['max-seconds'] ?? env.BENCH_MAX_SECONDS, 15, 1),
    seed: wholeNumberOption('seed', values.seed ?? env.BENCH_SEED, 1, 0),
    quotaRow: !(values['no-quota-row'] || envFlag(env.BENCH_NO_QUOTA_ROW)),
    write: !(values['no-write'] || envFlag(env.BENCH_NO_WRITE)),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Helpers

const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

/** mulberry32: a small seeded generator, so a seed gives the same sample and the same request order. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The register sample: real numbers and names, picked by rowid with the seed.

interface SampledCompany {
  company_number: string;
  company_name: string;
}

async function sampleCompanies(orm: Orm, size: number, random: () => number): Promise<SampledCompany[]> {
  const connection = orm.em.fork().getConnection();
  const [{ top }] = (await connection.execute('select max(rowid) as top from companies')) as [
    { top: number },
  ];
  const rowids = new Set<number>();
  while (rowids.size < Math.min(size, top)) rowids.add(1 + Math.floor(random() * top));
  const ids = [...rowids];
  const rows: SampledCompany[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    rows.push(
      ...((await connection.execute(
        `select company_number, company_name from companies where rowid in (${chunk.map(() => '?').join(',')})`,
        chunk,
      )) as SampledCompany[]),
    );
  }
  if (rows.length === 0) throw new Error('the register is empty: nothing to sample');
  return rows;
}

/** "Words of a random existing name": the name without its legal form, as someone would type it. */
function searchWords(name: string): string {
  return nameStem(normaliseCompanyName(name)).toLowerCase() || name;
}

// ---------------------------------------------------------------------------------------------------------------
// Cells

type Kind =
  | 'baseline'
  | 'rest_get_company'
  | 'rest_search_companies'
  | 'mcp_get_company'
  | 'mcp_search_companies'
  | 'rest_get_company_real_quotas';

const KIND_LABELS: Record<Kind, string> = {
  baseline: 'baseline: bare Koa, constant JSON',
  rest_get_company: 'REST GET /company/{n}',
  rest_search_companies: 'REST GET /companies?q=',
  mcp_get_company: 'MCP tools/call get_company',
  mcp_search_companies: 'MCP tools/call search_companies',
  rest_get_company_real_quotas: 'REST GET /company/{n}, real quotas',
};

const KIND_CHECKS: Record<Kind, ReplyCheck> = {
  baseline: 'json',
  rest_get_company: 'rest-company',
  rest_search_companies: 'rest-search',
  mcp_get_company: 'mcp-company',
  mcp_search_companies: 'mcp-search',
  rest_get_company_real_quotas: 'rest-company',
};

interface Target {
  host: string;
  port: number;
}

interface RequestFactory {
  sample: SampledCompany[];
  random: () => number;
  /** The key for request i of a cell. */
  key: (i: number) => string;
}

function buildRequests(kind: Kind, count: number, f: RequestFactory): LoadRequest[] {
  const pick = () => f.sample[Math.floor(f.random() * f.sample.length)]!;
  const rest = (i: number) => ({ 'X-Api-Key': f.key(i), Accept: 'application/json' });
  const mcp = (i: number, name: string, args: Record<string, unknown>): LoadRequest => ({
    method: 'POST',
    path: '/mcp',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': MCP_PROTOCOL_VERSION,
      'X-Api-Key': f.key(i),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: i + 1,
      method: 'tools/call',
      params: { name, arguments: args },
    }),
  });
  return Array.from({ length: count }, (_, i): LoadRequest => {
    switch (kind) {
      case 'baseline':
        return { method: 'GET', path: '/baseline', headers: { Accept: 'application/json' } };
      case 'rest_get_company':
      case 'rest_get_company_real_quotas':
        return {
          method: 'GET',
          path: `/company/${encodeURIComponent(pick().company_number)}`,
          headers: rest(i),
        };
      case 'rest_search_companies':
        return {
          method: 'GET',
          path: `/companies?q=${encodeURIComponent(searchWords(pick().company_name))}`,
          headers: rest(i),
        };
      case 'mcp_get_company':
        return mcp(i, 'get_company', { company_number: pick().company_number });
      case 'mcp_search_companies':
        return mcp(i, 'search_companies', { q: searchWords(pick().company_name) });
    }
  });
}

interface CellResult extends LoadResult {
  kind: Kind;
  label: string;
  concurrency: number;
  /** Share of the measured phase this (the server's) thread's event loop was busy. */
  serverEventLoopUtilisation: number;
  loadAverageAtStart: number;
}

/** Drives the load worker: one cell at a time. */
function loadDriver(worker: Worker) {
  return (cell: LoadCell, kind: Kind): Promise<CellResult> =>
    new Promise((resolveCell, rejectCell) => {
      const loadAverageAtStart = round(loadavg()[0]!);
      let elu = performance.eventLoopUtilization();
      const onMessage = (message: LoadMessage) => {
        if (message.type === 'measuring') {
          elu = performance.eventLoopUtilization();
          return;
        }
        worker.off('message', onMessage);
        worker.off('error', onError);
        if (message.type === 'failed') return rejectCell(new Error(`${KIND_LABELS[kind]}: ${message.error}`));
        if (message.type !== 'done') return;
        const server = performance.eventLoopUtilization(elu);
        resolveCell({
          kind,
          label: KIND_LABELS[kind],
          concurrency: cell.concurrency,
          ...message.result,
          serverEventLoopUtilisation: round(server.utilization),
          loadAverageAtStart,
        });
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

function startLoadWorker(): Promise<Worker> {
  // From TypeScript sources (tsx) the worker registers tsx's require hook first, as the importer's worker does.
  const extension = extname(__filename);
  const entry = join(benchDir, `api-load${extension}`);
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

// ---------------------------------------------------------------------------------------------------------------
// The baseline app: what any Koa service costs before it does anything.

const BASELINE_BODY = {
  company_number: '00000000',
  company_name: 'BASELINE LIMITED',
  company_status: 'active',
};

async function startBaselineApp(): Promise<{ server: Server; target: Target; stop: () => Promise<void> }> {
  const app = new Koa();
  const router = new Router();
  router.get('/baseline', (ctx) => {
    ctx.body = BASELINE_BODY;
  });
  app.use(router.routes());
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('listening', resolveListen);
    server.once('error', rejectListen);
  });
  const { port } = server.address() as AddressInfo;
  return {
    server,
    target: { host: '127.0.0.1', port },
    stop: () =>
      new Promise<void>((resolveClose) => {
        server.close(() => resolveClose());
        server.closeAllConnections();
      }),
  };
}

function targetOf(api: RunningApi): Target {
  const { port } = api.server.address() as AddressInfo;
  return { host: '127.0.0.1', port };
}

// ---------------------------------------------------------------------------------------------------------------
// Report

interface Row {
  cell: CellResult;
  /** Baseline throughput at this concurrency: the mean of the runs before and after the group. */
  baselineRps?: number;
  ratio?: number;
}

function table(rows: Row[]): string {
  const f = (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? '-' : String(v));
  return formatTable([
    ['cell', 'conc', 'req/s', 'ratio', 'p50 ms', 'p99 ms', 'n', 'errors', 'server ELU', 'client ELU', 'load'],
    ...rows.map(({ cell, ratio }) => [
      cell.label,
      String(cell.concurrency),
      f(cell.requestsPerSecond),
      ratio === undefined ? '' : f(ratio),
      f(cell.latencyMs.p50),
      f(cell.latencyMs.p99),
      `${cell.completed}${cell.cutShortByMaxSeconds ? '*' : ''}`,
      String(cell.errors),
      f(cell.serverEventLoopUtilisation),
      f(cell.clientEventLoopUtilisation),
      f(cell.loadAverageAtStart),
    ]),
  ]);
}

// ---------------------------------------------------------------------------------------------------------------
// Main

async function main(): Promise<void> {
  const options = parseOptions();
  const logger: Logger = pino({ name: 'bench', level: 'warn' }, pino.destination(2));
  const started = Date.now();

  const stops = createStopStack();
  const stopAll = stops.stopAll;

  const tempDir = mkdtempSync(join(tmpdir(), 'cds-bench-api-'));
  stops.push('temp dir', async () => rmSync(tempDir, { recursive: true, force: true }));

  try {
    const cli = findTemporalCli();
    if (!cli) throw new Error('No Temporal CLI: run `npm run setup` first (the benchmark downloads nothing)');

    // 1. The register, imported the way `npm run cli -- demo-data` does it.
    const config0 = loadConfig({
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: join(tempDir, 'data'),
      TEMPORAL_TASK_QUEUE: `bench-api-${randomBytes(3).toString('hex')}`,
    });
    const orm = await openDatabase(config0.database, logger);
    stops.push('database', () => orm.close());
    await migrate(orm);

    progress(`importing a generated register of ${options.companies.toLocaleString('en-GB')} companies`);
    const loadBeforeImport = round(loadavg()[0]!);
    const importStarted = performance.now();
    const imported = await importDemoRegister(
      orm.em.fork(),
      { companies: options.companies, seed: options.seed, asOf: new Date('2025-06-01T00:00:00Z') },
      {
        progressIntervalMs: 10_000,
        onProgress: (p) =>
          progress(
            `  ${p.rows.toLocaleString('en-GB')} rows, ${p.rowsPerSecond.toLocaleString('en-GB')} rows/s`,
          ),
      },
    );
    const generateAndImportSeconds = (performance.now() - importStarted) / 1000;
    const importReport = {
      companies: options.companies,
      rows: imported.rows,
      inserted: imported.inserted,
      rejected: imported.rejected,
      import_seconds: imported.seconds,
      import_rows_per_second: imported.rows_per_second,
      generate_and_import_seconds: round(generateAndImportSeconds, 1),
      generate_and_import_rows_per_second: Math.round(imported.rows / generateAndImportSeconds),
      load_average_at_start: loadBeforeImport,
    };
    progress(
      `imported ${imported.rows.toLocaleString('en-GB')} rows: ${imported.rows_per_second.toLocaleString('en-GB')} ` +
        `rows/s (${round(generateAndImportSeconds, 1)} s with generating the CSV)`,
    );
    if (imported.rejected > 0) throw new Error(`the importer rejected ${imported.rejected} generated rows`);

    // 2. Temporal (the API holds a client; nothing here starts a workflow), the services and the two APIs.
    progress('starting the Temporal dev server');
    const devServer = await startDevServer({
      dataDir: join(tempDir, 'temporal'),
      port: await freePort(),
      uiPort: await freePort(),
      namespace: 'default',
      cliPath: cli,
      logger,
    });
    stops.push('Temporal dev server', devServer.stop);
    const config = { ...config0, TEMPORAL_ADDRESS: devServer.address };
    const temporal = await connectClient(config);
    stops.push('Temporal client', () => temporal.connection.close());

    // openServices, less the Quotas it builds: quota accounting is taken out of the main cells (the benchmark
    // exceeds every plan's per-minute limit) and measured on its own in the real-quotas row.
    const clock = () => new Date();
    const unlimited = {
      chargeRequests: async () => {},
      chargeFreeMessage: async () => {},
      close: async () => {},
    } as unknown as Quotas;
    const services: Services = { config, orm, temporal, logger, clock, quotas: unlimited };
    const realQuotas = new Quotas(config.database, clock);
    stops.push('quotas', () => realQuotas.close());
    const quotaServices: Services = { ...services, quotas: realQuotas };

    const api = await startApi(services);
    stops.push('API', api.stop);
    const quotaApi = await startApi(quotaServices);
    stops.push('API (real quotas)', quotaApi.stop);
    const baselineApp = await startBaselineApp();
    stops.push('baseline app', baselineApp.stop);

    const em = orm.em.fork();
    const { apiKey } = await createAccount(em, { email: 'bench@example.com', plan: 'team' }, clock());
    const quotaKeys: string[] = [];
    const quotaRequests = options.warmup + options.requests;
    if (options.quotaRow) {
      // Each key stays below Team's 600 requests a minute over the whole cell, so no call is refused.
      for (let k = 0; k < Math.ceil(quotaRequests / REQUESTS_PER_QUOTA_KEY); k++) {
        const created = await createAccount(
          em,
          { email: `bench-quota-${k}@example.com`, plan: 'team' },
          clock(),
        );
        quotaKeys.push(created.apiKey.key);
      }
    }

    const random = prng(options.seed);
    const sample = await sampleCompanies(orm, 1000, random);
    progress(`sampled ${sample.length} companies from the register`);

    const worker = await startLoadWorker();
    stops.push('load worker', async () => void (await worker.terminate()));
    const drive = loadDriver(worker);

    const targets: Record<Kind, Target> = {
      baseline: baselineApp.target,
      rest_get_company: targetOf(api),
      rest_search_companies: targetOf(api),
      mcp_get_company: targetOf(api),
      mcp_search_companies: targetOf(api),
      rest_get_company_real_quotas: targetOf(quotaApi),
    };
    const run = async (kind: Kind, concurrency: number): Promise<CellResult> => {
      const warmup = kind === 'baseline' ? Math.max(options.warmup, 1000) : options.warmup;
      const measured = kind === 'baseline' ? options.baselineRequests : options.requests;
      const count = warmup + measured;
      const key =
        kind === 'rest_get_company_real_quotas'
          ? (i: number) => quotaKeys[i % quotaKeys.length]!
          : () => apiKey.key;
      const requests = buildRequests(kind, count, { sample, random, key });
      const cell: LoadCell = {
        type: 'run',
        ...targets[kind],
        requests,
        warmup,
        measured,
        concurrency,
        maxSeconds: options.maxSeconds,
        maxWarmupSeconds: MAX_WARMUP_SECONDS,
        check: KIND_CHECKS[kind],
      };
      const result = await drive(cell, kind);
      progress(
        `  ${KIND_LABELS[kind]} @${concurrency}: ${result.requestsPerSecond} req/s, p50 ${result.latencyMs.p50} ms, ` +
          `p99 ${result.latencyMs.p99} ms${result.errors ? `, ${result.errors} ERRORS: ${result.errorSamples[0]}` : ''}`,
      );
      return result;
    };

    // 3. The cells: per concurrency, the baseline before and after the service's four cells.
    const measuredKinds: Kind[] = [
      'rest_get_company',
      'rest_search_companies',
      'mcp_get_company',
      'mcp_search_companies',
    ];
    const rows: Row[] = [];
    const baselines: Array<{ concurrency: number; before: CellResult; after: CellResult; meanRps: number }> =
      [];
    for (const concurrency of options.concurrency) {
      progress(`concurrency ${concurrency}`);
      const before = await run('baseline', concurrency);
      const cells: CellResult[] = [];
      for (const kind of measuredKinds) cells.push(await run(kind, concurrency));
      const after = await run('baseline', concurrency);
      const meanRps = round((before.requestsPerSecond + after.requestsPerSecond) / 2, 1);
      baselines.push({ concurrency, before, after, meanRps });
      rows.push({ cell: { ...before, label: `${before.label} (before)` } });
      for (const cell of cells)
        rows.push({ cell, baselineRps: meanRps, ratio: round(cell.requestsPerSecond / meanRps, 3) });
      rows.push({ cell: { ...after, label: `${after.label} (after)` } });
    }

    let quotaRow:
      | {
          cell: CellResult;
          baselineRps: number;
          ratio: number;
          unlimited: CellResult;
          ratioToUnlimited: number;
        }
      | undefined;
    if (options.quotaRow) {
      const concurrency = 16;
      progress(`real quotas, concurrency ${concurrency}, ${quotaKeys.length} Team keys`);
      // The same cell without quotas right beside it, so the pair compares like with like on a busy machine.
      const before = await run('baseline', concurrency);
      const unlimitedCell = await run('rest_get_company', concurrency);
      const cell = await run('rest_get_company_real_quotas', concurrency);
      const after = await run('baseline', concurrency);
      const baselineRps = round((before.requestsPerSecond + after.requestsPerSecond) / 2, 1);
      quotaRow = {
        cell,
        baselineRps,
        ratio: round(cell.requestsPerSecond / baselineRps, 3),
        unlimited: unlimitedCell,
        ratioToUnlimited: round(cell.requestsPerSecond / unlimitedCell.requestsPerSecond, 3),
      };
      rows.push({ cell: { ...before, label: `${before.label} (before)` } });
      rows.push({
        cell: { ...unlimitedCell, label: `${unlimitedCell.label} (again, beside the next row)` },
        baselineRps,
        ratio: round(unlimitedCell.requestsPerSecond / baselineRps, 3),
      });
      rows.push({ cell, baselineRps, ratio: quotaRow.ratio });
      rows.push({ cell: { ...after, label: `${after.label} (after)` } });
    }

    // 4. Report.
    const env = machineAndCommit(projectRoot);
    console.log(
      `\nAPI benchmark: ${options.companies.toLocaleString('en-GB')} companies, ${options.requests} requests per cell ` +
        `after ${options.warmup} warm-up (baseline ${options.baselineRequests}), seed ${options.seed}; ` +
        `${env.machine.cpus} CPUs, Node ${process.version}\n`,
    );
    console.log(
      `import: ${importReport.import_rows_per_second.toLocaleString('en-GB')} rows/s ` +
        `(${importReport.import_seconds} s; ${importReport.generate_and_import_seconds} s with generating the CSV)\n`,
    );
    console.log(table(rows));
    console.log(
      '\nratio = cell req/s ÷ baseline req/s at the same concurrency (mean of the baseline runs before and after)' +
        '\nserver ELU: busy share of the API thread; client ELU: busy share of the load thread; load: 1-min load average' +
        (rows.some((r) => r.cell.cutShortByMaxSeconds) ? `\n* cut short after ${options.maxSeconds} s` : '') +
        '\nquota accounting is excluded from every row but the "real quotas" one',
    );
    if (quotaRow) {
      console.log(
        `real quotas ÷ no quotas (REST get_company @16, adjacent runs): ${quotaRow.ratioToUnlimited}`,
      );
    }
    const totalErrors = rows.reduce((sum, r) => sum + r.cell.errors, 0);
    if (totalErrors > 0) console.log(`\n${totalErrors} requests FAILED: see errorSamples in the JSON`);

    if (options.write) {
      const file = resultFile('api');
      const result = {
        benchmark: 'api',
        date: new Date().toISOString(),
        ...env,
        options: { ...options, write: undefined },
        client: 'node:http Agent, keep-alive, maxSockets = concurrency, in a worker thread; closed loop',
        quotas: 'excluded (a no-op Quotas) except in real_quotas',
        import: importReport,
        cells: rows
          .filter((r) => r.cell.kind !== 'baseline')
          .map(({ cell, baselineRps, ratio }) => ({ ...cell, baselineRps, ratio })),
        baselines,
        real_quotas: quotaRow,
        wholeRunSeconds: round((Date.now() - started) / 1000, 1),
      };
      writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
      console.log(`\nwrote ${relative(process.cwd(), file)}`);
    }
    progress(`whole run ${round((Date.now() - started) / 1000, 1)} s`);
    if (totalErrors > 0) process.exitCode = 1;
  } finally {
    progress('stopping');
    await stopAll();
  }
}

runBenchmark(main);
