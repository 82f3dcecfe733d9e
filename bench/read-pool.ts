/**
 * `npm run bench:read-pool [-- --companies 300000 --reads 1000 --searches 16 --threads 2 --seed 1]`: does a slow
 * search hold up a point read? A get_company-like read (the company row, its charges, its insolvency cases and
 * its postcode's place: four point reads through readRows, one after another) is timed one at a time, first with
 * nothing else running (idle), then while `--searches` deliberately slow searches (a name LIKE '%word%' over a
 * window of the register, ordered) run at once without pause (loaded). Three ways, in the same run on the
 * same generated register:
 *   - main thread: no read pool; every query on the ORM's one connection, on the event loop (before issue 15);
 *   - pool, one queue: the read threads with every query in one first-come queue;
 *   - pool + quick lane: the design (src/db/read-pool/): reads that have proven quick get a thread of their own.
 * Reported per way: the point read's p50/p99 idle and loaded, loaded p99 / idle p99 (the issue asks for at most 2),
 * the event loop's longest stall under load, and searches finished per second under load.
 * The register is a SQLite file in a temporary dir (./data is never touched), deleted at the end.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { migrate, openDatabase, type Orm } from '../src/db/orm';
import { closeReadPool, attachReadPool } from '../src/db/read-pool/attached-read-pool';
import type { ReadPoolOptions } from '../src/db/read-pool/read-pool';
import { readRows } from '../src/db/read-query';
import { importDemoRegister } from '../src/demo/demo-data';
import { mulberry32 } from '../src/demo/seeded-random';
import {
  envFlag,
  formatTable,
  machineAndCommit,
  nearestRank,
  progress,
  resultFile,
  runBenchmark,
  wholeNumberOption,
} from './harness';

const projectRoot = resolve(__dirname, '..');
const WARMUP_READS = 200;

const usage = `Usage: npm run bench:read-pool -- [options]   (each option also as an environment variable)
  --companies N    companies in the generated register (BENCH_COMPANIES, default 300000)
  --reads N        timed point reads per phase (BENCH_READS, default 1000)
  --gap-ms N       pause between two timed point reads (BENCH_GAP_MS, default 2)
  --searches N     slow searches in flight during the loaded phase (BENCH_SEARCHES, default 16)
  --scan-rows N    rows each slow search scans (BENCH_SCAN_ROWS, default 50000)
  --threads N      read threads of the pool's any lane (BENCH_THREADS, default 2)
  --min-seconds S  keep a loaded phase going at least S seconds, for the searches' rate (BENCH_MIN_SECONDS, default 5)
  --max-seconds S  cut a loaded phase after S seconds (BENCH_MAX_SECONDS, default 15)
  --seed N         register generator and sampling seed (BENCH_SEED, default 1)
  --no-write       do not write bench/results/read-pool-<time>.json (BENCH_NO_WRITE=1)`;

function parseOptions() {
  const { values } = parseArgs({
    options: {
      companies: { type: 'string' },
      reads: { type: 'string' },
      searches: { type: 'string' },
      'gap-ms': { type: 'string' },
      threads: { type: 'string' },
      'scan-rows': { type: 'string' },
      'min-seconds': { type: 'string' },
      'max-seconds': { type: 'string' },
      seed: { type: 'string' },
      'no-write': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const env = process.env;
  return {
    companies: wholeNumberOption('companies', values.companies ?? env.BENCH_COMPANIES, 300_000, 1),
    reads: wholeNumberOption('reads', values.reads ?? env.BENCH_READS, 1000, 1),
    searches: wholeNumberOption('searches', values.searches ?? env.BENCH_SEARCHES, 16, 1),
    scanRows: wholeNumberOption('scan-rows', values['scan-rows'] ?? env.BENCH_SCAN_ROWS, 50_000, 1),
    gapMs: wholeNumberOption('gap-ms', values['gap-ms'] ?? env.BENCH_GAP_MS, 2, 0),
    threads: wholeNumberOption('threads', values.threads ?? env.BENCH_THREADS, 2, 1),
    minSeconds: wholeNumberOption('min-seconds', values['min-seconds'] ?? env.BENCH_MIN_SECONDS, 5, 0),
    maxSeconds: wholeNumberOption('max-seconds', values['max-seconds'] ?? env.BENCH_MAX_SECONDS, 15, 1),
    seed: wholeNumberOption('seed', values.seed ?? env.BENCH_SEED, 1, 0),
    write: !(values['no-write'] || envFlag(env.BENCH_NO_WRITE)),
  };
}

interface Sampled {
  company_number: string;
  postcode_compact: string | null;
  word: string;
}

async function sample(orm: Orm, size: number, random: () => number): Promise<Sampled[]> {
  const connection = orm.em.fork().getConnection();
  const [{ top }] = (await connection.execute('select max(rowid) as top from companies')) as [
    { top: number },
  ];
  const rows: Sampled[] = [];
  for (let i = 0; i < size; i++) {
    const [row] = (await connection.execute(
      'select company_number, postcode_compact, company_name from companies where rowid >= ? limit 1',
      [1 + Math.floor(random() * top)],
    )) as Array<{ company_number: string; postcode_compact: string | null; company_name: string }>;
    if (row === undefined) continue;
    // The name's first word of four letters or more: common enough that the LIKE scan finds matches to sort.
    const word = row.company_name.split(/\s+/).find((w) => w.length >= 4) ?? row.company_name.slice(0, 4);
    rows.push({ company_number: row.company_number, postcode_compact: row.postcode_compact, word });
  }
  return rows;
}

/** What get_company reads, as point reads through the seam. */
async function pointRead(orm: Orm, company: Sampled): Promise<void> {
  const em = orm.em.fork();
  const [row] = await readRows(em, 'select * from companies where company_number = ?', [
    company.company_number,
  ]);
  if (row === undefined) throw new Error(`company ${company.company_number} not found`);
  await readRows(em, 'select * from charges where company_number = ?', [company.company_number]);
  await readRows(em, 'select * from insolvency_cases where company_number = ? order by case_number', [
    company.company_number,
  ]);
  await readRows(em, 'select * from postcode_places where postcode_compact = ?', [company.postcode_compact]);
}

/**
 * The deliberately slow search: names LIKE '%word%' over a window of `--scan-rows` rows, ordered. The window keeps
 * its cost (tens of milliseconds) the same whatever the register's size: the question is what it does to other
 * reads, not how fast search is (bench:api measures that).
 */
const slowSearch =
  'select company_number, company_name from companies where rowid > ? and rowid <= ? and company_name like ? ' +
  'order by company_name limit 20';

/**
 * `count` reads one after another with `gapMs` between them (a client's pace, not a tight loop that would take a
 * core from the searches), and more until `until`; none after `deadline` (times on the performance clock).
 */
async function timedReads(
  orm: Orm,
  companies: Sampled[],
  count: number,
  gapMs: number,
  deadline: number,
  until = 0,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; (i < count || performance.now() < until) && performance.now() < deadline; i++) {
    const started = performance.now();
    await pointRead(orm, companies[i % companies.length] as Sampled);
    times.push(performance.now() - started);
    if (gapMs > 0) await new Promise((r) => setTimeout(r, gapMs));
  }
  return times.sort((a, b) => a - b);
}

interface WayResult {
  way: string;
  idle: { reads: number; p50Ms: number; p99Ms: number };
  loaded: {
    reads: number;
    p50Ms: number;
    p99Ms: number;
    eventLoopStallMaxMs: number;
    searchesPerSecond: number;
  };
  loadedOverIdleP99: number;
}

const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

async function measureWay(
  orm: Orm,
  way: string,
  companies: Sampled[],
  top: number,
  options: ReturnType<typeof parseOptions>,
): Promise<WayResult> {
  progress(`${way}: warm-up and idle`);
  await timedReads(orm, companies, WARMUP_READS, 0, Infinity);
  const idle = await timedReads(orm, companies, options.reads, options.gapMs, Infinity);

  progress(`${way}: ${options.searches} slow searches at once`);
  let stop = false;
  let searches = 0;
  let started = 0;
  // On the event-loop thread the searches can starve timers outright (each one's end starts the next in the same
  // turn), so the flag set after the timed reads may never be reached: they also stop on the clock.
  const searchesUntil = performance.now() + options.maxSeconds * 1000;
  const searchLoop = async (offset: number) => {
    for (let i = offset; !stop && performance.now() < searchesUntil; i += options.searches) {
      started += 1;
      const from = (i * 7919) % Math.max(1, top - options.scanRows);
      const word = (companies[i % companies.length] as Sampled).word;
      await readRows(orm.em.fork(), slowSearch, [from, from + options.scanRows, `%${word}%`]);
      searches += 1;
    }
  };
  const loops = Array.from({ length: options.searches }, (_, i) => searchLoop(i));
  // Every loop has sent its first search before the first timed read.
  while (started < options.searches) await new Promise((r) => setImmediate(r));
  // The longest the event loop went without running a 5 ms interval: what any other request would have waited.
  let lastTick = performance.now();
  let stallMax = 0;
  const probe = setInterval(() => {
    stallMax = Math.max(stallMax, performance.now() - lastTick);
    lastTick = performance.now();
  }, 5);
  const phaseStart = performance.now();
  const loaded = await timedReads(
    orm,
    companies,
    options.reads,
    options.gapMs,
    phaseStart + options.maxSeconds * 1000,
    phaseStart + options.minSeconds * 1000,
  );
  const phaseSeconds = (performance.now() - phaseStart) / 1000;
  clearInterval(probe);
  stallMax = Math.max(stallMax, performance.now() - lastTick);
  const finished = searches;
  stop = true;
  await Promise.all(loops);

  const idleP99 = nearestRank(idle, 99);
  const loadedP99 = nearestRank(loaded, 99);
  return {
    way,
    idle: { reads: idle.length, p50Ms: round(nearestRank(idle, 50), 3), p99Ms: round(idleP99, 3) },
    loaded: {
      reads: loaded.length,
      p50Ms: round(nearestRank(loaded, 50), 3),
      p99Ms: round(loadedP99, 3),
      eventLoopStallMaxMs: round(stallMax, 1),
      searchesPerSecond: round(finished / phaseSeconds, 1),
    },
    loadedOverIdleP99: round(loadedP99 / idleP99),
  };
}

runBenchmark(async () => {
  const options = parseOptions();
  const dir = mkdtempSync(join(tmpdir(), 'cds-bench-read-pool-'));
  const database = { kind: 'sqlite' as const, path: join(dir, 'app.db') };
  const orm = await openDatabase(database);
  try {
    await migrate(orm);
    progress(`generating and importing ${options.companies} companies`);
    const imported = await importDemoRegister(orm.em.fork(), {
      companies: options.companies,
      seed: options.seed,
    });
    if (imported.rejected > 0) throw new Error(`the importer rejected ${imported.rejected} generated rows`);
    const companies = await sample(orm, 500, mulberry32(options.seed));
    const [{ top }] = (await orm.em
      .fork()
      .getConnection()
      .execute('select max(rowid) as top from companies')) as [{ top: number }];

    const ways: Array<[string, Omit<ReadPoolOptions, 'databasePath'> | null]> = [
      ['main thread (no pool)', null],
      ['pool, one queue', { threads: options.threads, quickLane: false }],
      ['pool + quick lane', { threads: options.threads }],
    ];
    const results: WayResult[] = [];
    for (const [way, poolOptions] of ways) {
      if (poolOptions !== null) attachReadPool(orm, database, poolOptions);
      try {
        results.push(await measureWay(orm, way, companies, top, options));
      } finally {
        await closeReadPool(orm);
      }
    }

    const header = [
      'way',
      'idle p50 ms',
      'idle p99 ms',
      `loaded p50 ms`,
      'loaded p99 ms',
      'loaded/idle p99',
      'loop stall max ms',
      'searches/s',
      'reads idle/loaded',
    ];
    const rows = results.map((r) => [
      r.way,
      String(r.idle.p50Ms),
      String(r.idle.p99Ms),
      String(r.loaded.p50Ms),
      String(r.loaded.p99Ms),
      String(r.loadedOverIdleP99),
      String(r.loaded.eventLoopStallMaxMs),
      String(r.loaded.searchesPerSecond),
      `${r.idle.reads}/${r.loaded.reads}`,
    ]);
    console.log(
      `\nget_company-like point reads (4 queries each), one at a time; loaded = ${options.searches} slow searches ` +
        `in flight; ${options.companies} companies; pool threads ${options.threads} (+1 quick lane)\n`,
    );
    console.log(formatTable([header, ...rows]));
    if (options.write) {
      const file = resultFile('read-pool');
      writeFileSync(file, JSON.stringify({ ...machineAndCommit(projectRoot), options, results }, null, 2));
      progress(`written to ${relative(projectRoot, file)}`);
    }
  } finally {
    await closeReadPool(orm);
    await orm.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
