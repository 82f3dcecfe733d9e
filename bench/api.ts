/**
 * `npm run bench:api [-- --companies 1000000 --database sqlite|postgres --requests 2000 --concurrency 1,16,64]`:
 * the API's `get_company` and `search_companies`, over REST and over MCP (stateless POST /mcp), at several
 * concurrencies on a generated register, against a bare Koa route returning constant JSON measured in the same
 * run (the baseline); then the same process under a search load (bench/api-contention.ts): searches and
 * get_company mixed, get_company alone and under the load, an exact-name search under the load. Also the import
 * of that register, step by step (bench/api-import.ts).
 *
 * Everything is private to the run: SQLite in a temporary dir (./data is never touched) or a PostgreSQL database
 * of its own (bench/api-database.ts), its own Temporal dev server on free ports (the API needs a Temporal client;
 * no worker runs), the API and the baseline app on free loopback ports in this process, and the load generator
 * in a worker thread (bench/api-load.ts). See bench/README.md ("API benchmark") for what is measured and how to
 * read it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import Router from '@koa/router';
import Koa from 'koa';
import pino from 'pino';
import { loadConfig } from '../src/config';
import { migrate, openDatabase } from '../src/db/orm';
import { mulberry32 } from '../src/demo/seeded-random';
import { createAccount } from '../src/domain/accounts/accounts';
import type { Quotas } from '../src/domain/accounts/quota';
import type { Logger } from '../src/logger';
import { closeServices, openServices, startApi, type RunningApi } from '../src/server';
import { findTemporalCli, startDevServer } from '../src/temporal/dev-server';
import { applyServingV8Flags, SERVING_V8_FLAGS } from '../src/v8-settings';
import { freePort } from '../test/support/free-port';
import { createCellRunner, startLoadWorker, type CellResult, type Target } from './api-cells';
import { contentionTable, runContention, type ContentionReport } from './api-contention';
import { createBenchStore, sampleCompanies, serverVersion } from './api-database';
import { importBenchRegister } from './api-import';
import { parseApiBenchOptions, usage } from './api-options';
import type { Kind } from './api-requests';
import {
  createStopStack,
  formatTable,
  machineAndCommit,
  progress,
  runBenchmark,
  servingSettings,
  resultFile,
} from './harness';

const projectRoot = resolve(__dirname, '..');
/** Requests a key may send within a minute under the real quotas: below Team's 600 a minute. */
const REQUESTS_PER_QUOTA_KEY = 500;
/** The day the generated register is laid out around, fixed so a seed gives the same register on any day. */
const REGISTER_AS_OF = new Date('2025-06-01T00:00:00Z');

const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

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
    [
      'cell',
      'conc',
      'req/s',
      'ratio',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'n',
      'errors',
      'server ELU',
      'client ELU',
      'load',
    ],
    ...rows.map(({ cell, ratio }) => [
      cell.label,
      String(cell.concurrency),
      f(cell.requestsPerSecond),
      ratio === undefined ? '' : f(ratio),
      f(cell.latencyMs.p50),
      f(cell.latencyMs.p95),
      f(cell.latencyMs.p99),
      `${cell.completed}${cell.cutShortByMaxSeconds ? '*' : ''}`,
      String(cell.errors),
      f(cell.serverEventLoopUtilisation),
      f(cell.clientEventLoopUtilisation),
      f(cell.loadAverageAtStart),
    ]),
  ]);
}

/** Issue 15's targets beside this run's figures, at 16 in flight (the table has the rest). */
function targetsSummary(rows: Row[]): string {
  const at16 = (kind: Kind) => rows.find((row) => row.cell.kind === kind && row.cell.concurrency === 16);
  const lines = ['issue 15 targets, at 16 in flight:'];
  for (const kind of ['rest_search_companies', 'mcp_search_companies'] as const) {
    const row = at16(kind);
    if (row)
      lines.push(
        `  ${row.cell.label}: p95 ${row.cell.latencyMs.p95} ms (target < 50), ` +
          `${row.cell.requestsPerSecond} req/s (target ≥ 400)`,
      );
  }
  for (const [kind, target] of [
    ['rest_get_company', 0.3],
    ['mcp_get_company', 0.25],
  ] as const) {
    const row = at16(kind);
    if (row) lines.push(`  ${row.cell.label}: ${row.ratio} of the baseline (target ≥ ${target})`);
  }
  return lines.length > 1 ? lines.join('\n') : '';
}

// ---------------------------------------------------------------------------------------------------------------
// Main

async function main(): Promise<void> {
  const options = parseApiBenchOptions();
  if (options === 'help') {
    console.log(usage);
    return;
  }
  // The API measured here runs in this process, so it gets the V8 settings the service's processes start with.
  const v8Flags: string[] = options.v8Pretenuring ? [] : [...SERVING_V8_FLAGS];
  if (v8Flags.length > 0) applyServingV8Flags();
  progress(
    v8Flags.length > 0
      ? `V8 as the service runs it: ${v8Flags.join(' ')}`
      : "V8's own defaults (--v8-pretenuring)",
  );
  const logger: Logger = pino({ name: 'bench', level: 'warn' }, pino.destination(2));
  const started = Date.now();

  const stops = createStopStack();
  const tempDir = mkdtempSync(join(tmpdir(), 'cds-bench-api-'));
  stops.push('temp dir', async () => rmSync(tempDir, { recursive: true, force: true }));

  try {
    const cli = findTemporalCli();
    if (!cli) throw new Error('No Temporal CLI: run `npm run setup` first (the benchmark downloads nothing)');

    // 1. The store and the register, imported the way `npm run cli -- demo-data --register-only` does it.
    const store = await createBenchStore(options.database, options.databaseUrl, tempDir);
    stops.push(`the run's database (${store.description})`, store.drop);
    progress(`store: ${store.description}`);
    const env = {
      ...servingSettings(process.env),
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: join(tempDir, 'data'),
      DATABASE_URL: store.databaseUrl,
      TEMPORAL_TASK_QUEUE: `bench-api-${randomBytes(3).toString('hex')}`,
    };
    const importOrm = await openDatabase(loadConfig(env).database, logger);
    stops.push('database (import)', () => importOrm.close());
    await migrate(importOrm);
    const postgresVersion = await serverVersion(importOrm);

    progress(`importing a generated register of ${options.companies.toLocaleString('en-GB')} companies`);
    const importReport = await importBenchRegister(importOrm.em.fork(), {
      companies: options.companies,
      seed: options.seed,
      asOf: REGISTER_AS_OF,
      tmpDir: tempDir,
      healthScores: options.healthScores,
    });
    if (importReport.rejected > 0)
      throw new Error(`the importer rejected ${importReport.rejected} generated rows`);
    await importOrm.close();

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
    // The services as the API process builds them (and whatever it attaches to the store, e.g. read threads).
    const services = await openServices(loadConfig({ ...env, TEMPORAL_ADDRESS: devServer.address }), logger);
    stops.push('services', () => closeServices(services));

    // Quota accounting is taken out of the main cells (the benchmark exceeds every plan's per-minute limit) and
    // measured on its own in the real-quotas row.
    const unlimited = {
      chargeRequests: async () => {},
      chargeFreeMessage: async () => {},
      close: async () => {},
    } as unknown as Quotas;
    const api = await startApi({ ...services, quotas: unlimited });
    stops.push('API', api.stop);
    const quotaApi = await startApi(services);
    stops.push('API (real quotas)', quotaApi.stop);
    const baselineApp = await startBaselineApp();
    stops.push('baseline app', baselineApp.stop);

    const em = services.orm.em.fork();
    const { apiKey } = await createAccount(
      em,
      { email: 'bench@example.com', plan: 'team' },
      services.clock(),
    );
    const quotaKeys: string[] = [];
    if (options.quotaRow) {
      // Each key stays below Team's 600 requests a minute over the whole cell, so no call is refused.
      const quotaRequests = options.warmup + options.requests;
      for (let k = 0; k < Math.ceil(quotaRequests / REQUESTS_PER_QUOTA_KEY); k++) {
        const created = await createAccount(
          em,
          { email: `bench-quota-${k}@example.com`, plan: 'team' },
          services.clock(),
        );
        quotaKeys.push(created.apiKey.key);
      }
    }

    const random = mulberry32(options.seed);
    const sample = await sampleCompanies(services.orm, 1000, random);
    progress(`sampled ${sample.length} companies from the register`);

    const worker = await startLoadWorker();
    stops.push('load worker', async () => void (await worker.terminate()));
    const targets: Record<Kind, Target> = {
      baseline: baselineApp.target,
      rest_get_company: targetOf(api),
      rest_search_companies: targetOf(api),
      mcp_get_company: targetOf(api),
      mcp_search_companies: targetOf(api),
      mcp_search_exact_name: targetOf(api),
      mcp_search_one_word: targetOf(api),
      rest_get_company_real_quotas: targetOf(quotaApi),
    };
    const cells = createCellRunner({
      worker,
      targets,
      sample,
      random,
      key: (kind) =>
        kind === 'rest_get_company_real_quotas'
          ? (i: number) => quotaKeys[i % quotaKeys.length]!
          : () => apiKey.key,
      requests: options.requests,
      warmup: options.warmup,
      baselineRequests: options.baselineRequests,
      maxSeconds: options.maxSeconds,
    });

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
      const before = await cells.run('baseline', concurrency);
      const group: CellResult[] = [];
      for (const kind of measuredKinds) group.push(await cells.run(kind, concurrency));
      const after = await cells.run('baseline', concurrency);
      const meanRps = round((before.requestsPerSecond + after.requestsPerSecond) / 2, 1);
      baselines.push({ concurrency, before, after, meanRps });
      rows.push({ cell: { ...before, label: `${before.label} (before)` } });
      for (const cell of group)
        rows.push({ cell, baselineRps: meanRps, ratio: round(cell.requestsPerSecond / meanRps, 3) });
      rows.push({ cell: { ...after, label: `${after.label} (after)` } });
    }

    // 4. Under a search load.
    let contention: ContentionReport | undefined;
    if (options.contention) contention = await runContention(cells, options);

    // 5. Real quotas.
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
      const before = await cells.run('baseline', concurrency);
      const unlimitedCell = await cells.run('rest_get_company', concurrency);
      const cell = await cells.run('rest_get_company_real_quotas', concurrency);
      const after = await cells.run('baseline', concurrency);
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

    // 6. Report.
    const machine = machineAndCommit(projectRoot);
    const storeName =
      options.database === 'postgres' ? `PostgreSQL ${postgresVersion ?? ''}`.trim() : 'SQLite (embedded)';
    console.log(
      `\nAPI benchmark: ${options.companies.toLocaleString('en-GB')} companies on ${storeName}, ` +
        `${options.requests} requests per cell after ${options.warmup} warm-up (baseline ${options.baselineRequests}), ` +
        `seed ${options.seed}; ${machine.machine.cpus} CPUs, Node ${process.version}, ` +
        `commit ${machine.git.commit ?? '?'}${machine.git.dirty ? ' (uncommitted changes)' : ''}\n`,
    );
    const r = importReport;
    console.log(
      `import: ${r.rows.toLocaleString('en-GB')} rows in ${r.import_seconds} s, ` +
        `${r.import_rows_per_second.toLocaleString('en-GB')} rows/s ` +
        `(rows ${r.rows_seconds} s at ${r.rows_per_second.toLocaleString('en-GB')} rows/s, then the writer's end ` +
        `${r.writer_end_seconds} s${Object.keys(r.importer_phases).length > 0 ? `: ${JSON.stringify(r.importer_phases)}` : ''}); ` +
        `generating the CSV ${r.generate_seconds} s, postcode lookup ${r.postcode_lookup_seconds} s, ` +
        `health scores ${r.health_scores_seconds === null ? 'skipped' : `${r.health_scores_seconds} s`}` +
        (r.analyze_seconds === null ? '' : `, vacuum (analyze) ${r.analyze_seconds} s`) +
        `; ${r.total_seconds} s in all\n`,
    );
    console.log(table(rows));
    console.log(
      '\nratio = cell req/s ÷ baseline req/s at the same concurrency (mean of the baseline runs before and after)' +
        '\nserver ELU: busy share of the API thread; client ELU: busy share of the load thread; load: 1-min load average' +
        (rows.some((row) => row.cell.cutShortByMaxSeconds)
          ? `\n* cut short after ${options.maxSeconds} s`
          : '') +
        '\nquota accounting is excluded from every row but the "real quotas" one',
    );
    if (quotaRow) {
      console.log(
        `real quotas ÷ no quotas (REST get_company @16, adjacent runs): ${quotaRow.ratioToUnlimited}`,
      );
    }
    if (contention)
      console.log(`\nUnder a search load (MCP search_companies in flight):\n${contentionTable(contention)}`);
    const targetLines = targetsSummary(rows);
    if (targetLines) console.log(`\n${targetLines}`);

    const contentionCells = contention
      ? [
          contention.mixed.search,
          contention.mixed.getCompany,
          ...contention.idleVersusLoaded.flatMap((pair) => [pair.idle, pair.loaded, pair.load]),
          contention.exactName.idle,
          contention.exactName.load,
          contention.exactNameUnderOneWord.load,
        ]
      : [];
    // Exact-name searches that did not come back first are reported as such, not as failed requests.
    const failures = [...rows.map((row) => row.cell), ...contentionCells].reduce(
      (sum, c) => sum + c.errors,
      0,
    );
    const notFirst = contention
      ? [contention.exactName, contention.exactNameUnderOneWord].reduce(
          (sum, exact) => sum + exact.completedUnderLoad - exact.firstUnderLoad,
          0,
        )
      : 0;
    if (failures > 0) console.log(`\n${failures} requests FAILED: see errorSamples in the JSON`);
    if (notFirst > 0) console.log(`\n${notFirst} exact-name searches did NOT return the company first`);

    if (options.write) {
      const file = resultFile('api');
      const result = {
        benchmark: 'api',
        date: new Date().toISOString(),
        ...machine,
        store: { kind: options.database, version: postgresVersion, settings: servingSettings(process.env) },
        options: { ...options, write: undefined, databaseUrl: undefined },
        client: 'node:http Agent, keep-alive, maxSockets = concurrency, in a worker thread; closed loop',
        quotas: 'excluded (a no-op Quotas) except in real_quotas',
        v8Flags,
        import: importReport,
        cells: rows
          .filter((row) => row.cell.kind !== 'baseline')
          .map(({ cell, baselineRps, ratio }) => ({ ...cell, baselineRps, ratio })),
        baselines,
        contention,
        real_quotas: quotaRow,
        wholeRunSeconds: round((Date.now() - started) / 1000, 1),
      };
      writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
      console.log(`\nwrote ${relative(process.cwd(), file)}`);
    }
    progress(`whole run ${round((Date.now() - started) / 1000, 1)} s`);
    if (failures > 0 || notFirst > 0) process.exitCode = 1;
  } finally {
    progress('stopping');
    await stops.stopAll();
  }
}

runBenchmark(main);
