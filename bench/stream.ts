/**
 * `npm run bench:stream [-- --events 100000 --seed 1 --database-url postgres://… --no-write]`: the Companies House
 * Streaming API consumer's rate, events applied a second, against the bulk company CSV importer's rate on the
 * same records in the same run. Both record changes: each store first holds register A (a generated demo
 * register, imported as a baseline), then takes register B, the same companies each with a new registered
 * office line 1 — one store from B's CSV through importCompaniesCsv, the other from B's N company-profile events,
 * replayed by the local stream stand-in as fast as consumeStream takes them. The ratio stream ÷ CSV is the figure.
 *
 * Honest only if both did the same work: the run checks that each store recorded one register change per
 * company and that the two stores end holding the same rows (bench/README.md, "npm run bench:stream").
 *
 * consumeStream is measured directly, without Temporal: the stream workflow adds one activity per run of
 * minutes (STREAM_RUN_MS) and a throttled heartbeat per event, nothing else per event. Everything is private to
 * the run: SQLite files in a temporary dir (or two new databases on the --database-url server), the stand-in
 * on a free loopback port; all removed at the end.
 */
import { createWriteStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { Client as PgClient } from 'pg';
import pino from 'pino';
import type { Config } from '../src/config';
import { migrate, openDatabase, type Orm } from '../src/db/orm';
import { COMPANY_COLUMNS } from '../src/domain/companies/company-record';
import { knexOf } from '../src/domain/companies/register-sql';
import { writeDemoRegisterCsv } from '../src/demo/demo-register';
import {
  importCompaniesCsv,
  type ImportCompaniesResult,
} from '../src/ingest/companies-house/import-companies';
import { consumeStream, type StreamRunResult } from '../src/ingest/companies-house/stream/consume-stream';
import type { Logger } from '../src/logger';
import { StreamStandIn } from '../test/support/companies-house-stand-in/stream-stand-in';
import {
  createStopStack,
  envFlag,
  formatTable,
  machineAndCommit,
  progress,
  resultFile,
  runBenchmark,
  wholeNumberOption,
  type StopStack,
} from './harness';
import { companyProfileEvent, profileBatches, writeMovedRegisterCsv } from './stream-changed-register';

const projectRoot = resolve(__dirname, '..');
/** The day the generated dates are laid out around, as in the other benches: the same seed, the same data. */
const AS_OF = new Date('2025-06-01T00:00:00Z');
const STREAM = 'companies';
const STREAM_KEY = 'bench-stream-key';
/** Events handed to the stand-in at a time while building the log (keeps the profiles of B out of memory). */
const PUBLISH_BATCH = 5_000;
/** Rows compared at a time when checking that the two stores agree. */
const COMPARE_PAGE = 5_000;

// ---------------------------------------------------------------------------------------------------------------
// Options

const usage = `Usage: npm run bench:stream -- [options]   (each option also as an environment variable)
  --events N          companies in the register, and so CSV rows and stream events (BENCH_STREAM_EVENTS, default 100000)
  --seed N            seed of the generated register (BENCH_SEED, default 1)
  --timeout S         give up on the stream phase after S seconds (BENCH_TIMEOUT_S, default 1800)
  --database-url U    a PostgreSQL server (postgres://…) to create the two stores on, as two new databases dropped
                      at the end, instead of two temporary SQLite files (BENCH_DATABASE_URL)
  --no-write          do not write bench/results/stream-<date>.json (BENCH_NO_WRITE=1)`;

interface Options {
  events: number;
  seed: number;
  timeoutSeconds: number;
  databaseUrl: string | undefined;
  write: boolean;
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      events: { type: 'string' },
      seed: { type: 'string' },
      timeout: { type: 'string' },
      'database-url': { type: 'string' },
      'no-write': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const env = process.env;
  const databaseUrl = values['database-url'] ?? env.BENCH_DATABASE_URL;
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new Error(`--database-url must be a postgres:// URL, got ${databaseUrl}`);
  return {
    events: wholeNumberOption('events', values.events ?? env.BENCH_STREAM_EVENTS, 100_000, 1),
    seed: wholeNumberOption('seed', values.seed ?? env.BENCH_SEED, 1, 0),
    timeoutSeconds: wholeNumberOption('timeout', values.timeout ?? env.BENCH_TIMEOUT_S, 1800, 1),
    databaseUrl,
    write: !(values['no-write'] || envFlag(env.BENCH_NO_WRITE)),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Helpers

const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;
const mib = (bytes: number) => round(bytes / 1024 ** 2, 1);
const load1 = () => round(loadavg()[0]!);
const en = (n: number) => n.toLocaleString('en-GB', { maximumFractionDigits: 2 });

/** What a phase cost: wall time, this process's CPU, its peak RSS and heap (sampled every 100 ms). */
interface PhaseCost {
  seconds: number;
  cpuSeconds: number;
  peakRssMiB: number;
  peakHeapUsedMiB: number;
  loadAverageAtStart: number;
}

async function measured<T>(work: () => Promise<T>): Promise<{ value: T; cost: PhaseCost }> {
  let peakRss = process.memoryUsage.rss();
  let peakHeap = process.memoryUsage().heapUsed;
  const sample = setInterval(() => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  }, 100);
  const loadAverageAtStart = load1();
  const cpu = process.cpuUsage();
  const started = performance.now();
  try {
    const value = await work();
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const usage = process.memoryUsage();
    return {
      value,
      cost: {
        seconds: round(seconds, 3),
        cpuSeconds: round((used.user + used.system) / 1e6, 2),
        peakRssMiB: mib(Math.max(peakRss, usage.rss)),
        peakHeapUsedMiB: mib(Math.max(peakHeap, usage.heapUsed)),
        loadAverageAtStart,
      },
    };
  } finally {
    clearInterval(sample);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The two stores

interface Store {
  label: string;
  database: Config['database'];
  orm: Orm;
}

/** A fresh, migrated store: a SQLite file in `dir`, or a new database on the PostgreSQL server (dropped at the end). */
async function openStore(label: string, dir: string, options: Options, stops: StopStack): Promise<Store> {
  let database: Config['database'];
  if (options.databaseUrl === undefined) {
    database = { kind: 'sqlite', path: join(dir, `${label}.db`) };
  } else {
    const serverUrl = options.databaseUrl;
    const name = `cds_bench_stream_${label}_${randomBytes(4).toString('hex')}`;
    const admin = new PgClient({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    stops.push(`database ${name}`, async () => {
      const client = new PgClient({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    });
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = { kind: 'postgresql', url: url.toString() };
  }
  const orm = await openDatabase(database);
  stops.push(`${label} store`, () => orm.close());
  await migrate(orm);
  return { label, database, orm };
}

/** Register changes in a store, by field and source. */
async function changesIn(store: Store): Promise<{ total: number; byFieldAndSource: Record<string, number> }> {
  const rows = (await knexOf(store.orm.em)('register_changes')
    .select('field', 'source')
    .count({ n: '*' })
    .groupBy('field', 'source')
    .orderBy(['field', 'source'])) as { field: string; source: string; n: number | string }[];
  const byFieldAndSource = Object.fromEntries(rows.map((r) => [`${r.field} (${r.source})`, Number(r.n)]));
  return { total: rows.reduce((sum, r) => sum + Number(r.n), 0), byFieldAndSource };
}

/** updated_at is when each store wrote the row, which is bound to differ. */
const COMPARED_COLUMNS = COMPANY_COLUMNS.filter((column) => column !== 'updated_at');

/**
 * Compares the companies tables of the two stores, row by row in company-number order: how many rows each holds
 * and, per column, how many companies differ, with the first example of each.
 */
async function compareCompanies(a: Store, b: Store) {
  const differing: Record<
    string,
    { companies: number; example: { company_number: string; a: unknown; b: unknown } }
  > = {};
  let compared = 0;
  let onlyInOne = 0;
  let after = '';
  for (;;) {
    const page = async (store: Store) =>
      (await knexOf(store.orm.em)('companies')
        .select(COMPARED_COLUMNS)
        .where('company_number', '>', after)
        .orderBy('company_number')
        .limit(COMPARE_PAGE)) as Record<string, unknown>[];
    const [rowsA, rowsB] = await Promise.all([page(a), page(b)]);
    if (rowsA.length === 0 && rowsB.length === 0) break;
    const byNumber = new Map(rowsB.map((row) => [row.company_number as string, row]));
    const lastA = rowsA[rowsA.length - 1]?.company_number as string | undefined;
    const lastB = rowsB[rowsB.length - 1]?.company_number as string | undefined;
    // The page ends at the smaller of the two last numbers, so both sides cover the same range.
    const end = lastA === undefined ? lastB! : lastB === undefined ? lastA : lastA < lastB ? lastA : lastB;
    let inRangeB = 0;
    for (const row of rowsB) if ((row.company_number as string) <= end) inRangeB++;
    let matched = 0;
    for (const rowA of rowsA) {
      const number = rowA.company_number as string;
      if (number > end) break;
      const rowB = byNumber.get(number);
      if (rowB === undefined) {
        onlyInOne++;
        continue;
      }
      matched++;
      compared++;
      for (const column of COMPARED_COLUMNS) {
        const valueA = rowA[column] instanceof Date ? (rowA[column] as Date).toISOString() : rowA[column];
        const valueB = rowB[column] instanceof Date ? (rowB[column] as Date).toISOString() : rowB[column];
        if (valueA === valueB) continue;
        const entry = (differing[column] ??= {
          companies: 0,
          example: { company_number: number, a: valueA, b: valueB },
        });
        entry.companies++;
      }
    }
    onlyInOne += inRangeB - matched;
    after = end;
  }
  return { compared, onlyInOne, differingColumns: differing };
}

// ---------------------------------------------------------------------------------------------------------------
// Phases

/** Register A into a fresh store: the baseline both measured phases start from (records no changes). */
async function importBaseline(store: Store, fileA: string, events: number) {
  const { value, cost } = await measured(() =>
    importCompaniesCsv(store.orm.em.fork(), fileA, { asOf: AS_OF }),
  );
  if (value.inserted !== events || value.records_changes || value.rejected > 0)
    throw new Error(
      `${store.label}: the baseline import of A inserted ${value.inserted} of ${events} ` +
        `(rejected ${value.rejected}, records changes: ${value.records_changes})`,
    );
  progress(`  ${store.label}: ${en(value.rows_per_second)} rows/s (importer), ${cost.seconds} s`);
  return { result: value, cost };
}

/** B's profiles as company-profile events on the stand-in's companies stream; their timepoints. */
async function publishEvents(standIn: StreamStandIn, fileB: string, events: number) {
  let first: number | undefined;
  let last: number | undefined;
  let published = 0;
  for await (const batch of profileBatches(fileB, AS_OF, PUBLISH_BATCH)) {
    const out = standIn.publishMany(STREAM, batch.map(companyProfileEvent));
    first ??= out[0]!.event.timepoint;
    last = out[out.length - 1]!.event.timepoint;
    published += out.length;
  }
  if (published !== events || first === undefined || last === undefined)
    throw new Error(`published ${published} events of ${events}`);
  return { first, last, published };
}

/** consumeStream on `store` from the first event until the store's position reaches the last one. */
async function consumeAll(
  store: Store,
  standIn: StreamStandIn,
  timepoints: { first: number; last: number },
  options: Options,
  logger: Logger,
): Promise<StreamRunResult> {
  const done = new AbortController();
  const result = await consumeStream({
    stream: STREAM,
    streamUrl: standIn.url,
    streamKey: STREAM_KEY,
    // A fresh store has no position: start at the first event published.
    fallbackTimepoint: timepoints.first,
    em: store.orm.em,
    logger,
    clock: () => new Date(),
    maxRunMs: options.timeoutSeconds * 1000,
    idleTimeoutMs: 60_000,
    signal: done.signal,
    onProgress: (latest) => {
      if (latest.timepoint !== null && latest.timepoint >= timepoints.last) done.abort();
    },
  });
  return result;
}

// ---------------------------------------------------------------------------------------------------------------
// Main

async function main(): Promise<void> {
  const options = parseOptions();
  const logger: Logger = pino({ name: 'bench', level: 'warn' }, pino.destination(2));
  const started = Date.now();
  const stops = createStopStack();
  const tempDir = mkdtempSync(join(tmpdir(), 'cds-bench-stream-'));
  stops.push('temp dir', async () => rmSync(tempDir, { recursive: true, force: true }));

  try {
    const n = options.events;
    const fileA = join(tempDir, 'register-a.csv');
    const fileB = join(tempDir, 'register-b.csv');
    progress(
      `register A: ${en(n)} generated companies (seed ${options.seed}); B: each with a new address line 1`,
    );
    await writeDemoRegisterCsv(createWriteStream(fileA), { companies: n, seed: options.seed, asOf: AS_OF });
    const rowsB = await writeMovedRegisterCsv(fileA, fileB);
    if (rowsB !== n) throw new Error(`register B has ${rowsB} rows, not ${n}`);

    const csvStore = await openStore('csv', tempDir, options, stops);
    const streamStore = await openStore('stream', tempDir, options, stops);
    progress(`baseline: register A into both ${csvStore.database.kind} stores`);
    const baselineCsv = await importBaseline(csvStore, fileA, n);
    const baselineStream = await importBaseline(streamStore, fileA, n);

    const standIn = await StreamStandIn.start({ streamKeys: [STREAM_KEY] });
    stops.push('stream stand-in', () => standIn.stop());
    progress(`publishing ${en(n)} company-profile events of B to the stand-in`);
    const publishing = await measured(() => publishEvents(standIn, fileB, n));
    const timepoints = publishing.value;

    progress('measuring: register B from its CSV (importCompaniesCsv) into the csv store');
    const csv = await measured(() => importCompaniesCsv(csvStore.orm.em.fork(), fileB, { asOf: AS_OF }));
    progress(`  ${en(csv.value.rows_per_second)} rows/s (importer), ${csv.cost.seconds} s`);

    progress('measuring: register B from the stand-in stream (consumeStream) into the stream store');
    const stream = await measured(() => consumeAll(streamStore, standIn, timepoints, options, logger));
    const eventsPerSecond = Math.round(stream.value.applied / stream.cost.seconds);
    progress(`  ${en(eventsPerSecond)} events/s, ${stream.cost.seconds} s (ended: ${stream.value.ended})`);
    const connection = standIn.connections.at(-1);
    const peakRssMiB = mib(process.resourceUsage().maxRSS * 1024);

    progress('checking: changes recorded and the rows each store ends with');
    const csvChanges = await changesIn(csvStore);
    const streamChanges = await changesIn(streamStore);
    const agreement = await compareCompanies(csvStore, streamStore);

    const problems: string[] = [];
    if (stream.value.ended !== 'cancelled')
      problems.push(
        `the stream run ended ${stream.value.ended}${stream.value.message ? ` (${stream.value.message})` : ''} before the last event`,
      );
    if (stream.value.applied !== n)
      problems.push(
        `stream: ${stream.value.applied} of ${n} events applied (skipped ${stream.value.skipped}, ` +
          `malformed ${stream.value.malformed}, duplicates ${stream.value.duplicates})`,
      );
    if (csv.value.updated !== n || csv.value.changes !== n)
      problems.push(
        `CSV: ${csv.value.updated} companies updated and ${csv.value.changes} changes, not ${n} each`,
      );
    if (csvChanges.total !== n || streamChanges.total !== n)
      problems.push(
        `register_changes: csv store ${csvChanges.total}, stream store ${streamChanges.total}, not ${n} each`,
      );
    if (
      agreement.compared !== n ||
      agreement.onlyInOne > 0 ||
      Object.keys(agreement.differingColumns).length > 0
    )
      problems.push(
        `the stores differ: ${agreement.compared} companies compared, ${agreement.onlyInOne} in one store only, ` +
          `columns differing: ${JSON.stringify(agreement.differingColumns)}`,
      );

    // Both rates by the same clock (measured()): the records over the phase's wall time.
    const csvRowsPerSecond = Math.round(n / csv.cost.seconds);
    const ratio = round(eventsPerSecond / csvRowsPerSecond, 3);
    // CPU per record moves less than wall time when other work shares the machine. The CSV figure includes the
    // importer's parser thread, so this ratio is the stream's cost against the importer's whole cost.
    const csvCpuMsPerRow = round((csv.cost.cpuSeconds * 1000) / n, 3);
    const streamCpuMsPerEvent = round((stream.cost.cpuSeconds * 1000) / n, 3);
    const cpuRatio = round(csvCpuMsPerRow / streamCpuMsPerEvent, 3);
    const env = machineAndCommit(projectRoot);

    console.log(
      `\nStream benchmark: ${en(n)} companies, register B by CSV and by ${en(n)} company-profile stream events, ` +
        `${csvStore.database.kind}, seed ${options.seed}; ${env.machine.cpus} CPUs, Node ${process.version}\n`,
    );
    const phaseRow = (label: string, rate: string, cost: PhaseCost, changes: string) => [
      label,
      rate,
      en(cost.seconds),
      en(cost.cpuSeconds),
      en(cost.peakRssMiB),
      en(cost.peakHeapUsedMiB),
      changes,
      en(cost.loadAverageAtStart),
    ];
    console.log(
      formatTable([
        ['phase', 'per second', 's', 'CPU s', 'peak RSS MiB', 'peak heap MiB', 'changes', 'load'],
        phaseRow(
          'baseline: A into csv store (CSV)',
          en(baselineCsv.result.rows_per_second),
          baselineCsv.cost,
          '0',
        ),
        phaseRow(
          'baseline: A into stream store (CSV)',
          en(baselineStream.result.rows_per_second),
          baselineStream.cost,
          '0',
        ),
        phaseRow(
          'publish B to the stand-in (setup)',
          en(Math.round(n / publishing.cost.seconds)),
          publishing.cost,
          '',
        ),
        phaseRow('B by CSV: importCompaniesCsv *', en(csvRowsPerSecond), csv.cost, en(csvChanges.total)),
        phaseRow('B by stream: consumeStream *', en(eventsPerSecond), stream.cost, en(streamChanges.total)),
      ]),
    );
    console.log(
      `\nratio stream ÷ CSV: ${ratio} (events/s ÷ rows/s, each over its phase's wall time)` +
        `\n  by CPU time per record: ${cpuRatio} (CSV ${csvCpuMsPerRow} ms a row, parser thread included;` +
        ` stream ${streamCpuMsPerEvent} ms an event)` +
        `\n  the importer's own figure for the CSV phase: ${en(csv.value.rows_per_second)} rows/s` +
        `\nstore agreement: ${en(agreement.compared)} companies compared, ${agreement.onlyInOne} in one store only, ` +
        `${Object.keys(agreement.differingColumns).length} columns differing` +
        `\nchanges: csv ${JSON.stringify(csvChanges.byFieldAndSource)}, stream ${JSON.stringify(streamChanges.byFieldAndSource)}` +
        `\npeak RSS of the whole run: ${peakRssMiB} MiB (the stand-in's log of ${en(n)} events is in this process)`,
    );
    for (const problem of problems) console.log(`PROBLEM: ${problem}`);

    if (options.write) {
      const file = resultFile('stream');
      const result = {
        benchmark: 'stream',
        date: new Date().toISOString(),
        ...env,
        options: {
          ...options,
          databaseUrl: options.databaseUrl ? 'postgresql' : undefined,
          write: undefined,
        },
        database: csvStore.database.kind,
        register: {
          companies: n,
          fileAMegabytes: round(statSync(fileA).size / 1e6, 1),
          fileBMegabytes: round(statSync(fileB).size / 1e6, 1),
          change: 'registered office address line 1 of every company',
        },
        ratio,
        cpuRatio,
        csvCpuMsPerRow,
        streamCpuMsPerEvent,
        streamEventsPerSecond: eventsPerSecond,
        csvRowsPerSecond,
        baseline: { csvStore: summariseImport(baselineCsv), streamStore: summariseImport(baselineStream) },
        publish: { ...publishing.cost, first: timepoints.first, last: timepoints.last },
        csv: { import: summariseImport({ result: csv.value, cost: csv.cost }), changes: csvChanges },
        stream: {
          run: stream.value,
          ...stream.cost,
          eventsPerSecond,
          standInConnection: connection,
          changes: streamChanges,
        },
        agreement,
        peakRssMiB,
        problems,
        wholeRunSeconds: round((Date.now() - started) / 1000, 1),
      };
      writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
      console.log(`\nwrote ${relative(process.cwd(), file)}`);
    }
    progress(`whole run ${round((Date.now() - started) / 1000, 1)} s`);
    if (problems.length > 0) process.exitCode = 1;
  } finally {
    progress('stopping');
    await stops.stopAll();
  }
}

function summariseImport({ result, cost }: { result: ImportCompaniesResult; cost: PhaseCost }) {
  return {
    rows: result.rows,
    inserted: result.inserted,
    updated: result.updated,
    rejected: result.rejected,
    changes: result.changes,
    importerSeconds: result.seconds,
    importerRowsPerSecond: result.rows_per_second,
    ...cost,
  };
}

runBenchmark(main);
