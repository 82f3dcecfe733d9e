/**
 * `npm run bench:postcodes [-- --postcodes 500000 --batch-size N --database-url postgres://…]`: the ONS postcode
 * lookup importer's rate and memory on a generated lookup in the NSPL 2025 layout, against a baseline measured in
 * the same run: parsing the same file without writing anything. The real ONSPD has about 2.7 million rows.
 *
 * The file is the demo's lookup (demo-postcodes.ts) for postcodes spread over every demo town, with the columns
 * the importer does not read filled with codes as wide as the real ones, so parsing a row costs about what it
 * would in the real file. Memory is sampled every 50 ms during the import (peak RSS and heap):
 * the importer streams, so it should not grow with the file. Everything lives in a temporary directory.
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { PassThrough } from 'node:stream';
import { parseArgs } from 'node:util';
import type { Config } from '../src/config';
import { migrate, openDatabase } from '../src/db/orm';
import { NSPL_2025_COLUMNS, writeDemoPostcodeLookup } from '../src/demo/demo-postcodes';
import { INWARD_LETTERS, TOWNS } from '../src/demo/demo-register-vocabulary';
import { importPostcodeLookup, type ImportPostcodesResult } from '../src/ingest/ons/import-postcodes';
import { parsePostcodeLookupCsv } from '../src/ingest/ons/postcode-lookup-csv';
import { machineAndCommit, progress, wholeNumberOption } from './harness';

const { values } = parseArgs({
  options: {
    postcodes: { type: 'string' },
    'batch-size': { type: 'string' },
    'database-url': { type: 'string' },
  },
});
const count = wholeNumberOption('postcodes', values.postcodes, 500_000, 1);
const batchSize =
  values['batch-size'] === undefined
    ? undefined
    : wholeNumberOption('batch-size', values['batch-size'], 0, 1);

const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;
const mib = (bytes: number) => round(bytes / 1024 ** 2);

/** `count` distinct postcodes, spread over every district of every demo town. */
function* postcodes(): Generator<string> {
  const districts = TOWNS.flatMap((town) =>
    town.areas.flatMap(([area, first, last]) =>
      Array.from({ length: last - first + 1 }, (_, i) => `${area}${first + i}`),
    ),
  );
  const letters = INWARD_LETTERS.length;
  const perDistrict = 10 * letters * letters;
  if (count > districts.length * perDistrict) throw new Error(`at most ${districts.length * perDistrict}`);
  for (let i = 0; i < count; i++) {
    const inward = Math.floor(i / districts.length);
    const sector = inward % 10;
    const unit = Math.floor(inward / 10);
    yield (
      `${districts[i % districts.length]} ${sector}${INWARD_LETTERS[unit % letters]}` +
      INWARD_LETTERS[Math.floor(unit / letters)]
    );
  }
}

/** Fills the columns the demo leaves empty (all but doterm), as the real file fills them. */
async function writeLookup(file: string): Promise<void> {
  const demo = new PassThrough();
  const writing = writeDemoPostcodeLookup(demo, postcodes());
  const out = createWriteStream(file);
  const doterm = NSPL_2025_COLUMNS.indexOf('doterm');
  const numeric = new Set(['lat', 'long', 'imd20ind'].map((c) => NSPL_2025_COLUMNS.indexOf(c as never)));
  let header = true;
  for await (const line of createInterface({ input: demo, crlfDelay: Infinity })) {
    let text = line;
    if (header) header = false;
    else {
      const fields = line.slice(1, -1).split('","');
      text = fields
        .map((field, i) => {
          if (numeric.has(i)) return i === NSPL_2025_COLUMNS.indexOf('imd20ind') ? '17158' : '53.480950';
          return `"${field === '' && i !== doterm ? 'E00000001' : field}"`;
        })
        .join(',');
    }
    if (!out.write(text + '\n')) await once(out, 'drain');
  }
  await writing;
  out.end();
  await once(out, 'finish');
}

async function parseOnly(file: string) {
  const started = performance.now();
  let rows = 0;
  for await (const entry of parsePostcodeLookupCsv(createReadStream(file), new Map())) if (entry) rows++;
  const seconds = (performance.now() - started) / 1000;
  return { rows, seconds: round(seconds, 2), rows_per_second: Math.round(rows / seconds) };
}

/**
 * Peak RSS and heap while `run` runs, and the live heap: what is left after a full collection, taken at every
 * progress report (about once a second). Garbage is collected when V8 likes, so the peak heap grows with the
 * work done; the live heap is what the importer holds on to, and stays flat if it streams. Needs --expose-gc
 * (the npm script passes it); without it the live heap is not measured.
 */
async function withMemory<T>(run: (onProgress: () => void) => Promise<T>) {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const start = process.memoryUsage();
  let rss = start.rss;
  let heap = start.heapUsed;
  let live = start.heapUsed;
  const sample = () => {
    const usage = process.memoryUsage();
    rss = Math.max(rss, usage.rss);
    heap = Math.max(heap, usage.heapUsed);
  };
  const timer = setInterval(sample, 50);
  try {
    const result = await run(() => {
      if (!gc) return;
      gc();
      live = Math.max(live, process.memoryUsage().heapUsed);
    });
    sample();
    return {
      result,
      peak_rss_mib: mib(rss),
      peak_heap_mib: mib(heap),
      heap_at_start_mib: mib(start.heapUsed),
      peak_live_heap_mib: gc ? mib(live) : null,
    };
  } finally {
    clearInterval(timer);
  }
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-postcodes-'));
  try {
    const file = join(dir, 'NSPL_BENCH_UK.csv');
    progress(`generating ${count.toLocaleString('en-GB')} postcodes`);
    await writeLookup(file);
    const bytes = statSync(file).size;
    const database: Config['database'] = values['database-url']
      ? { kind: 'postgresql', url: values['database-url'] }
      : { kind: 'sqlite', path: join(dir, 'bench.db') };
    const loadBefore = loadavg()[0]!;
    progress('parsing only (baseline)');
    const baselineBefore = await parseOnly(file);
    const orm = await openDatabase(database);
    let first: Awaited<ReturnType<typeof withMemory<ImportPostcodesResult>>>;
    let again: Awaited<ReturnType<typeof withMemory<ImportPostcodesResult>>>;
    try {
      await migrate(orm);
      const options = {
        batchSize,
        progressIntervalMs: 5000,
        onProgress: (p: { rows: number; rowsPerSecond: number }) =>
          progress(
            `  ${p.rows.toLocaleString('en-GB')} rows, ${p.rowsPerSecond.toLocaleString('en-GB')} rows/s`,
          ),
      };
      progress(`importing into ${database.kind}`);
      first = await withMemory(() => importPostcodeLookup(orm.em.fork(), file, options));
      progress('importing again (every row an update)');
      again = await withMemory(() => importPostcodeLookup(orm.em.fork(), file, options));
    } finally {
      await orm.close();
    }
    progress('parsing only again (baseline)');
    const baselineAfter = await parseOnly(file);
    const baselineRate = (baselineBefore.rows_per_second + baselineAfter.rows_per_second) / 2;
    const summary = (run: typeof first) => ({
      rows: run.result.rows,
      inserted: run.result.inserted,
      updated: run.result.updated,
      rejected: run.result.rejected,
      seconds: run.result.seconds,
      rows_per_second: run.result.rows_per_second,
      ratio_to_parse_only: round(run.result.rows_per_second / baselineRate, 2),
      peak_rss_mib: run.peak_rss_mib,
      peak_heap_mib: run.peak_heap_mib,
      heap_at_start_mib: run.heap_at_start_mib,
      peak_live_heap_mib: run.peak_live_heap_mib,
    });
    const report = {
      benchmark: 'postcodes',
      postcodes: count,
      file_mib: mib(bytes),
      bytes_per_row: Math.round(bytes / count),
      database: database.kind,
      import: summary(first),
      reimport: summary(again),
      parse_only: { before: baselineBefore, after: baselineAfter },
      load_average_1m: { before: round(loadBefore, 2), after: round(loadavg()[0]!, 2) },
      ...machineAndCommit(join(__dirname, '..')),
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
