import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { EntityManager } from '@mikro-orm/core';
import { importDemoPostcodeLookup } from '../src/demo/demo-postcodes';
import { writeDemoRegisterCsv } from '../src/demo/demo-register';
import { dialectOf } from '../src/domain/companies/register-sql';
import { drainHealthScores } from '../src/domain/health/store/refresh-health-scores';
import { importCompaniesCsv } from '../src/ingest/companies-house/import-companies';
import { progress } from './harness';

/*
 * The register of a bench:api run, loaded the way `npm run cli -- demo-data --register-only` loads it
 * (src/demo/demo-data.ts: the generator writes the bulk CSV, the real importer reads it, then the demo postcode
 * lookup and the health scores), with each step timed on its own, so the import's rate is not blurred by the
 * generator and a user can read how long the real register's file takes to load.
 *
 * The importer's own figure covers the rows and the writer's end (whatever the writer does once the rows are in:
 * the WAL checkpoint, an index build or optimise). The last progress report comes when the last batch commits, so
 * the time from it to the importer's return is that end step, timed from the outside.
 */

export interface BenchImportReport {
  companies: number;
  csv_bytes: number;
  generate_seconds: number;
  rows: number;
  rejected: number;
  /** The importer's own figures: rows and its end step. */
  import_seconds: number;
  import_rows_per_second: number;
  /** Up to the last batch's commit, and what the writer did after it (index build or optimise, WAL checkpoint). */
  rows_seconds: number;
  rows_per_second: number;
  writer_end_seconds: number;
  /** Any other `*_seconds` figures the importer reports (phases it times itself). */
  importer_phases: Record<string, number>;
  postcode_lookup_seconds: number;
  /** null when the run skipped them (--no-health-scores). */
  health_scores_seconds: number | null;
  health_scores_rescored: number;
  /** PostgreSQL only: VACUUM (ANALYZE) of the register's tables, so the cells see planner statistics. */
  analyze_seconds: number | null;
  total_seconds: number;
}

const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

export async function importBenchRegister(
  em: EntityManager,
  options: { companies: number; seed: number; asOf: Date; tmpDir: string; healthScores: boolean },
): Promise<BenchImportReport> {
  const dir = await mkdtemp(join(options.tmpDir, 'register-'));
  const file = join(dir, `demo-register-${options.companies}-${options.seed}.csv`);
  const started = performance.now();
  const since = (t: number) => round((performance.now() - t) / 1000, 3);
  try {
    let t = performance.now();
    await writeDemoRegisterCsv(createWriteStream(file), {
      companies: options.companies,
      seed: options.seed,
      asOf: options.asOf,
    });
    const generateSeconds = since(t);
    const csvBytes = (await stat(file)).size;
    progress(`generated the CSV in ${generateSeconds} s (${Math.round(csvBytes / 2 ** 20)} MiB); importing`);

    t = performance.now();
    let lastCommitAt = t;
    const imported = await importCompaniesCsv(em.fork(), file, {
      asOf: options.asOf,
      progressIntervalMs: 10_000,
      onProgress: (p) => {
        lastCommitAt = performance.now();
        progress(
          `  ${p.rows.toLocaleString('en-GB')} rows, ${p.rowsPerSecond.toLocaleString('en-GB')} rows/s`,
        );
      },
    });
    const importEnded = performance.now();
    // The importer's clock starts after its set-up; the end step is what follows the last commit.
    const writerEndSeconds = (importEnded - lastCommitAt) / 1000;
    const rowsSeconds = Math.max(0, imported.seconds - writerEndSeconds);
    const importerPhases = Object.fromEntries(
      Object.entries(imported).filter(
        (entry): entry is [string, number] => entry[0].endsWith('_seconds') && typeof entry[1] === 'number',
      ),
    );
    progress(
      `imported ${imported.rows.toLocaleString('en-GB')} rows: ${imported.rows_per_second.toLocaleString('en-GB')} rows/s; ` +
        `writer end ${round(writerEndSeconds, 1)} s`,
    );

    t = performance.now();
    await importDemoPostcodeLookup(em.fork(), dir, file);
    const postcodeSeconds = since(t);
    t = performance.now();
    const scores = options.healthScores ? await drainHealthScores(em.fork(), options.asOf) : { rescored: 0 };
    const healthSeconds = options.healthScores ? since(t) : null;
    let analyzeSeconds: number | null = null;
    if (dialectOf(em) === 'postgresql') {
      t = performance.now();
      await em.fork().getConnection().execute('vacuum (analyze)');
      analyzeSeconds = since(t);
    }
    return {
      companies: options.companies,
      csv_bytes: csvBytes,
      generate_seconds: generateSeconds,
      rows: imported.rows,
      rejected: imported.rejected,
      import_seconds: imported.seconds,
      import_rows_per_second: imported.rows_per_second,
      rows_seconds: round(rowsSeconds, 3),
      rows_per_second: rowsSeconds > 0 ? Math.round(imported.rows / rowsSeconds) : 0,
      writer_end_seconds: round(writerEndSeconds, 3),
      importer_phases: importerPhases,
      postcode_lookup_seconds: postcodeSeconds,
      health_scores_seconds: healthSeconds,
      health_scores_rescored: scores.rescored,
      analyze_seconds: analyzeSeconds,
      total_seconds: since(started),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
