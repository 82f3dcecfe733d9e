import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { EntityManager } from '@mikro-orm/core';
import { isoDay } from '../../domain/companies/company-profile';
import { COMPANY_COLUMN_INDEX } from '../../domain/companies/company-record';
import { dialectOf, knexOf } from '../../domain/companies/register-sql';
import { newId } from '../../domain/ids';
import { IMPORT_KIND_COMPANIES } from '../../db/entities/import-run';
import { readCompanyBatches, type ParsedBatch, type ParsedRow } from './company-batches';
import { PostgresRegisterWriter } from '../writers/postgres-register-writer';
import type {
  CompanyWrite,
  RegisterWriter,
  RegisterWriterOptions,
  RunCheckpoint,
} from '../writers/register-writer';
import { SqliteRegisterWriter } from '../writers/sqlite-register-writer';
import { buildDeferredIndexes, deferRegisterIndexes, deferredIndexNames } from '../writers/deferred-indexes';

/*
 * `import companies FILE`: the bulk company CSV into the register. Streams the file through the parser, upserts
 * in batches, one transaction each, and records a checkpoint (the last line committed) with every batch, so a run
 * that stops for any reason resumes where it stopped when started again on the same, unchanged file.
 *
 * A baseline run (into an empty register) drops the register's secondary indexes and builds each once after the
 * last row (writers/deferred-indexes.ts); the run is marked completed only once they are built, so a store whose
 * run says completed has every index, and a stopped one is finished by running the command again.
 */

/** Below this, starting a thread costs more than it saves. */
const WORKER_THRESHOLD_BYTES = 4 * 1024 * 1024;

export interface RejectedRow {
  line: number;
  error: string;
}

export interface ImportProgress {
  /** Data rows read in this run so far (imported and rejected). */
  rows: number;
  rejected: number;
  /** The last line committed. */
  line: number;
  seconds: number;
  rowsPerSecond: number;
}

export interface ImportCompaniesOptions {
  /** The day the parser computes overdue flags against (not stored; it still checks the dates). Default: now. */
  asOf?: Date;
  /** Rows per transaction; default suits the database. */
  batchSize?: number;
  /** Start again from the first row even if an unfinished run of this file exists. */
  restart?: boolean;
  /** Stop after this many rows, committed and resumable: for sampling a file, and for tests of resuming. */
  limit?: number;
  /** Stop after the batch in flight commits; the run stays resumable. */
  signal?: AbortSignal;
  /** Called after a commit, at most once per progressIntervalMs (default 1 s), and once at the end. */
  onProgress?: (progress: ImportProgress) => void;
  progressIntervalMs?: number;
  /** Parse in a worker thread, overlapping parsing with writing. Default: for files of 4 MB and more. */
  parseInWorker?: boolean;
  /** Called for every rejected row, as it is read. */
  onReject?: (row: RejectedRow) => void;
  /** How many rejected rows the summary (and the run record) lists; all are counted. Default 20. */
  maxReportedErrors?: number;
  clock?: () => Date;
  /**
   * Build the register's secondary indexes once after the rows instead of keeping them row by row. Default: when
   * the run is a baseline (the register was empty when it began). Either way the store ends the same.
   */
  deferIndexes?: boolean;
  /** The writer's settings (RegisterWriterOptions) other than bulk; tests use them. */
  writer?: Omit<RegisterWriterOptions, 'bulk'>;
}

export interface ImportCompaniesResult {
  run_id: string;
  file: string;
  /** `stopped`: ended early (limit or signal); running the same command again resumes. */
  status: 'completed' | 'stopped';
  /** The line this run started from when it resumed an earlier one; null when it started at the top. */
  resumed_from_line: number | null;
  /** Data rows read by this run: inserted + updated + rejected. */
  rows: number;
  inserted: number;
  updated: number;
  rejected: number;
  /** Register changes this run appended to the change feed; 0 for a baseline import into an empty register. */
  changes: number;
  /** False when this run is the baseline: the first import into an empty register records no changes. */
  records_changes: boolean;
  /** The first rejected rows of this run, with their physical line numbers. */
  errors: RejectedRow[];
  seconds: number;
  rows_per_second: number;
  /** Part of `seconds`: building the indexes a bulk load deferred (this run's, or those a stopped run left). */
  index_build_seconds: number;
  /** Counts over this run and the runs of the same file it resumed (equal to this run's when it resumed none). */
  run_totals: { rows: number; inserted: number; updated: number; rejected: number };
}

export function createRegisterWriter(em: EntityManager, options: RegisterWriterOptions = {}): RegisterWriter {
  return dialectOf(em) === 'postgresql'
    ? new PostgresRegisterWriter(em, options)
    : new SqliteRegisterWriter(em, options);
}

interface StoredRun {
  id: string;
  records_changes: boolean | number;
  last_line: number;
  rows: number | string;
  inserted: number | string;
  updated: number | string;
  rejected: number | string;
  rejected_sample: string;
  started_at: Date | number | string;
}

export async function importCompaniesCsv(
  em: EntityManager,
  file: string,
  options: ImportCompaniesOptions = {},
): Promise<ImportCompaniesResult> {
  const clock = options.clock ?? (() => new Date());
  const asOf = options.asOf ?? clock();
  const maxReported = options.maxReportedErrors ?? 20;
  const limit = options.limit ?? Infinity;
  const writer = createRegisterWriter(em, options.writer);
  const batchSize = options.batchSize ?? writer.preferredBatchSize;
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new RangeError('batchSize must be a whole number ≥ 1');

  const filePath = resolve(file);
  const info = await stat(filePath);
  const identity = {
    kind: IMPORT_KIND_COMPANIES,
    filePath,
    fileSize: info.size,
    fileMtimeMs: Math.floor(info.mtimeMs),
  };
  const unfinished = await findUnfinishedRun(em, identity);
  if (unfinished && options.restart) await abandonRun(em, unfinished.id, clock());
  const resumed = options.restart ? undefined : unfinished;

  const startedAt = clock();
  const run: RunCheckpoint = {
    id: resumed?.id ?? newId('imp'),
    ...identity,
    asOf: isoDay(asOf),
    // Decided once per run, so a resumed baseline import stays a baseline though the register is no longer empty.
    recordsChanges: resumed ? Boolean(resumed.records_changes) : !(await registerIsEmpty(em)),
    status: 'running',
    lastLine: resumed?.last_line ?? 1,
    rows: Number(resumed?.rows ?? 0),
    inserted: Number(resumed?.inserted ?? 0),
    updated: Number(resumed?.updated ?? 0),
    rejected: Number(resumed?.rejected ?? 0),
    rejectedSample: resumed?.rejected_sample ?? '[]',
    startedAt: resumed ? new Date(resumed.started_at) : startedAt,
    updatedAt: startedAt,
    completedAt: null,
  };
  const runSample = JSON.parse(run.rejectedSample) as RejectedRow[];
  const result: ImportCompaniesResult = {
    run_id: run.id,
    file: filePath,
    status: 'completed',
    resumed_from_line: resumed ? run.lastLine + 1 : null,
    rows: 0,
    inserted: 0,
    updated: 0,
    rejected: 0,
    changes: 0,
    records_changes: run.recordsChanges,
    errors: [],
    seconds: 0,
    rows_per_second: 0,
    index_build_seconds: 0,
    run_totals: { rows: 0, inserted: 0, updated: 0, rejected: 0 },
  };

  const deferIndexes = options.deferIndexes ?? !run.recordsChanges;
  let lastLine = run.lastLine;
  const started = performance.now();
  if (deferIndexes) await deferRegisterIndexes(em, startedAt);
  let lastReport = started;
  const intervalMs = options.progressIntervalMs ?? 1000;
  const progress = (): ImportProgress => {
    const seconds = (performance.now() - started) / 1000;
    return {
      rows: result.rows,
      rejected: result.rejected,
      line: run.lastLine,
      seconds,
      rowsPerSecond: seconds > 0 ? Math.round(result.rows / seconds) : 0,
    };
  };

  /** `last`: the run's last batch; `complete`: its checkpoint marks the run completed. */
  const commit = async (
    rows: readonly ParsedRow[],
    sicDescriptions: ParsedBatch['sicDescriptions'],
    last: boolean,
    complete = last,
  ) => {
    const companies: CompanyWrite[] = [];
    const rejected: RejectedRow[] = [];
    for (const row of rows) {
      if ('error' in row) {
        rejected.push(row);
      } else {
        // Stamped here rather than by the parser: a Date from a worker thread belongs to another realm under a
        // test runner's sandbox, where drivers' `instanceof Date` checks fail.
        row.company.values[COMPANY_COLUMN_INDEX.updatedAt] = startedAt;
        companies.push(row.company);
      }
    }
    if (rows.length > 0) lastLine = rows[rows.length - 1]!.line;
    const now = clock();
    const outcome = await writer.writeBatch(
      companies,
      sicDescriptions,
      (counts) => ({
        ...run,
        status: complete ? 'completed' : 'running',
        lastLine,
        rows: run.rows + rows.length,
        inserted: run.inserted + counts.inserted,
        updated: run.updated + counts.updated,
        rejected: run.rejected + rejected.length,
        rejectedSample: JSON.stringify(runSample.concat(rejected).slice(0, maxReported)),
        updatedAt: now,
        completedAt: complete ? now : null,
      }),
      run.recordsChanges ? { source: 'import', detectedAt: now } : null,
    );
    for (const row of rejected) if (runSample.length < maxReported) runSample.push(row);
    Object.assign(run, {
      lastLine,
      rows: run.rows + rows.length,
      inserted: run.inserted + outcome.inserted,
      updated: run.updated + outcome.updated,
      rejected: run.rejected + rejected.length,
    });
    result.rows += rows.length;
    result.inserted += outcome.inserted;
    result.updated += outcome.updated;
    result.rejected += rejected.length;
    result.changes += outcome.changes;
    for (const row of rejected) if (result.errors.length < maxReported) result.errors.push(row);
    const nowMs = performance.now();
    if (options.onProgress && (last || nowMs - lastReport >= intervalMs)) {
      lastReport = nowMs;
      options.onProgress(progress());
    }
  };

  const inWorker = options.parseInWorker ?? info.size >= WORKER_THRESHOLD_BYTES;
  let stopped = false;
  // Each batch is committed when the next arrives, so the last one can be marked finished in the same
  // transaction; the parser (in a worker) is meanwhile reading the batch after.
  let pending: ParsedBatch | undefined;
  try {
    for await (const batch of readCompanyBatches(filePath, {
      asOf,
      startAtLine: run.lastLine + 1,
      batchSize,
      updatedAt: startedAt,
      inWorker,
    })) {
      if (pending) await commit(pending.rows, pending.sicDescriptions, false);
      pending = batch;
      // result.rows counts what is committed, which is everything before this batch.
      const room = limit - result.rows;
      if (batch.rows.length >= room) {
        batch.rows = batch.rows.slice(0, room);
        stopped = true;
      }
      for (const row of batch.rows) if ('error' in row) options.onReject?.(row);
      if (options.signal?.aborted) stopped = true;
      if (stopped) break;
    }
    // Indexes a stopped run left are built by whichever run completes next, this one included.
    const indexesPending = !stopped && (deferIndexes || (await deferredIndexNames(em)).length > 0);
    await commit(pending?.rows ?? [], pending?.sicDescriptions ?? [], !stopped, !stopped && !indexesPending);
    if (indexesPending) {
      const building = performance.now();
      await buildDeferredIndexes(em);
      result.index_build_seconds = Math.round(performance.now() - building) / 1000;
      await completeRun(em, run.id, clock());
    }
    if (!stopped) await writer.settle({ inserted: run.inserted });
  } finally {
    await writer.end();
  }

  const seconds = (performance.now() - started) / 1000;
  result.status = stopped ? 'stopped' : 'completed';
  result.seconds = Math.round(seconds * 1000) / 1000;
  result.rows_per_second = seconds > 0 ? Math.round(result.rows / seconds) : 0;
  result.run_totals = {
    rows: run.rows,
    inserted: run.inserted,
    updated: run.updated,
    rejected: run.rejected,
  };
  return result;
}

async function findUnfinishedRun(
  em: EntityManager,
  identity: { kind: string; filePath: string; fileSize: number; fileMtimeMs: number },
): Promise<StoredRun | undefined> {
  return (await knexOf(em)('import_runs')
    .where({
      kind: identity.kind,
      file_path: identity.filePath,
      file_size: identity.fileSize,
      file_mtime_ms: identity.fileMtimeMs,
      status: 'running',
    })
    .orderBy('started_at', 'desc')
    .first()) as StoredRun | undefined;
}

async function registerIsEmpty(em: EntityManager): Promise<boolean> {
  return (await knexOf(em)('companies').select('company_number').first()) === undefined;
}

async function completeRun(em: EntityManager, id: string, now: Date): Promise<void> {
  await knexOf(em)('import_runs')
    .where({ id })
    .update({ status: 'completed', completed_at: now, updated_at: now });
}

async function abandonRun(em: EntityManager, id: string, now: Date): Promise<void> {
  await knexOf(em)('import_runs').where({ id }).update({ status: 'abandoned', updated_at: now });
}
