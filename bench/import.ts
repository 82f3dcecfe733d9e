/**
 * `npm run bench:import [-- --companies 1000000 --seed 1 --batch-size 5000 --in-thread --reimport]`: the bulk
 * company CSV importer's rate into a fresh SQLite register (or PostgreSQL with --database-url), against a baseline
 * measured in the same run: parsing the same file without writing anything (the parser alone, no database).
 * The ratio says what the store costs on top of reading the file, whatever the machine.
 *
 * The baseline runs before and after the import, so a machine that got busier in between shows up as two
 * different baselines. Everything lives in a temporary directory (./data is never touched).
 */
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../src/config';
import { migrate, openDatabase } from '../src/db/orm';
import { parseCompaniesCsv } from '../src/ingest/companies-house/companies-csv';
import { writeDemoRegisterCsv } from '../src/demo/demo-register';
import {
  importCompaniesCsv,
  type ImportCompaniesResult,
} from '../src/ingest/companies-house/import-companies';

const { values } = parseArgs({
  options: {
    companies: { type: 'string', default: '1000000' },
    seed: { type: 'string', default: '1' },
    'batch-size': { type: 'string' },
    'in-thread': { type: 'boolean', default: false },
    reimport: { type: 'boolean', default: false },
    'database-url': { type: 'string' },
  },
});

const companies = Number(values.companies);
const seed = Number(values.seed);
const batchSize = values['batch-size'] === undefined ? undefined : Number(values['batch-size']);
if (!Number.isInteger(companies) || companies < 1) throw new Error('--companies must be a whole number ≥ 1');
const asOf = new Date('2025-06-01T00:00:00Z');

const log = (message: string) => process.stderr.write(`${message}\n`);
const perSecond = (rows: number, seconds: number) => Math.round(rows / seconds);

async function parseOnly(file: string): Promise<{ rows: number; seconds: number; rows_per_second: number }> {
  const started = performance.now();
  let rows = 0;
  for await (const entry of parseCompaniesCsv(createReadStream(file), { asOf })) if (entry) rows++;
  const seconds = (performance.now() - started) / 1000;
  return { rows, seconds: round(seconds), rows_per_second: perSecond(rows, seconds) };
}

async function importInto(
  database: Config['database'],
  file: string,
): Promise<{ first: ImportCompaniesResult; again?: ImportCompaniesResult; cpuSeconds: number }> {
  const orm = await openDatabase(database);
  try {
    await migrate(orm);
    const cpu = process.cpuUsage();
    const options = {
      asOf,
      batchSize,
      parseInWorker: !values['in-thread'],
      onProgress: (p: { rows: number; rowsPerSecond: number }) =>
        log(`  ${p.rows.toLocaleString('en-GB')} rows, ${p.rowsPerSecond.toLocaleString('en-GB')} rows/s`),
      progressIntervalMs: 5000,
    };
    const first = await importCompaniesCsv(orm.em.fork(), file, options);
    const used = process.cpuUsage(cpu);
    const again = values.reimport ? await importCompaniesCsv(orm.em.fork(), file, options) : undefined;
    return { first, again, cpuSeconds: (used.user + used.system) / 1e6 };
  } finally {
    await orm.close();
  }
}

function round(n: number, places = 3): number {
  const f = 10 ** places;
  return Math.round(n * f) / f;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'cds-bench-import-'));
  try {
    const file = join(dir, 'register.csv');
    log(`generating ${companies.toLocaleString('en-GB')} companies (seed ${seed})…`);
    const started = performance.now();
    await writeDemoRegisterCsv(createWriteStream(file), { companies, seed, asOf });
    const generateSeconds = (performance.now() - started) / 1000;
    const loadBefore = round(loadavg()[0]!, 2);

    log('baseline: parsing the file without a database…');
    const baselineBefore = await parseOnly(file);
    log(`  ${baselineBefore.rows_per_second.toLocaleString('en-GB')} rows/s`);

    const database: Config['database'] = values['database-url']
      ? { kind: 'postgresql', url: values['database-url'] }
      : { kind: 'sqlite', path: join(dir, 'register.db') };
    log(
      `importing into ${database.kind} (parser ${values['in-thread'] ? 'in this thread' : 'in a worker'})…`,
    );
    const imported = await importInto(database, file);
    log(`  ${imported.first.rows_per_second.toLocaleString('en-GB')} rows/s`);

    log('baseline again…');
    const baselineAfter = await parseOnly(file);
    log(`  ${baselineAfter.rows_per_second.toLocaleString('en-GB')} rows/s`);

    const baseline = Math.round((baselineBefore.rows_per_second + baselineAfter.rows_per_second) / 2);
    const report = {
      companies,
      seed,
      file_megabytes: round(statSync(file).size / 1e6, 1),
      database: database.kind,
      parser: values['in-thread'] ? 'in-thread' : 'worker',
      batch_size: batchSize ?? 'default',
      machine: {
        cpus: cpus().length,
        model: cpus()[0]?.model,
        load_1m: { before: loadBefore, after: round(loadavg()[0]!, 2) },
      },
      generate_seconds: round(generateSeconds),
      baseline_parse_only: { before: baselineBefore, after: baselineAfter, mean_rows_per_second: baseline },
      import: {
        rows: imported.first.rows,
        inserted: imported.first.inserted,
        rejected: imported.first.rejected,
        seconds: imported.first.seconds,
        rows_per_second: imported.first.rows_per_second,
        process_cpu_seconds: round(imported.cpuSeconds),
      },
      reimport: imported.again && {
        rows: imported.again.rows,
        updated: imported.again.updated,
        seconds: imported.again.seconds,
        rows_per_second: imported.again.rows_per_second,
      },
      ratio_import_to_parse_only: round(imported.first.rows_per_second / baseline, 2),
      target_rows_per_second: 20_000,
      meets_target: imported.first.rows_per_second >= 20_000,
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
