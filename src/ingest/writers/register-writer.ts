import { COMPANY_COLUMNS, type CompanyColumnValue } from '../../domain/companies/company-record';
import { TRACKED_COLUMNS, type TrackedRow } from '../../domain/changes/company-changes';
import type { ImportRun } from '../../db/entities/import-run';
import type { ChangeSource } from '../../db/entities/register-change';

/*
 * Writes batches of companies and the import checkpoint in one transaction. One implementation per database,
 * because the fast way differs: SQLite runs cached prepared statements on the driver in a synchronous
 * transaction (no per-row promise, no SQL text per batch); PostgreSQL sends a few multi-row statements per batch
 * (one round trip each instead of one per row).
 */

export type CompanyColumn = (typeof COMPANY_COLUMNS)[number];

export interface CompanyWrite {
  companyNumber: string;
  normalisedName: string;
  /** What the SQLite full-text index holds for the name (fullTextWords), prepared by the parser thread. */
  fullText: string;
  /** In COMPANY_COLUMNS order. */
  values: CompanyColumnValue[];
  sicCodes: readonly string[];
  /**
   * Columns this source does not carry (the REST company profile has no charge counts): a company the store
   * holds keeps its stored values, read in the write's own transaction so a concurrent writer of those columns
   * (the charges importer) is not undone; a new company gets the values given.
   */
  keepStored?: readonly CompanyColumn[];
}

/** The import_runs row as it stands after a batch (counts cumulative over resumptions). */
export type RunCheckpoint = ImportRun;

export interface BatchOutcome {
  inserted: number;
  updated: number;
  /** Register changes appended to the feed (0 when the batch records none). */
  changes: number;
}

/** How a batch's changes go into the register change feed; null: record none (a baseline import). */
export interface ChangeRecording {
  source: ChangeSource;
  detectedAt: Date;
  /**
   * Record nothing for a company the store did not hold: one company seen for the first time (fetched live, or
   * new on a stream) is its own baseline, as a first import is. The bulk import records 'added' instead.
   */
  baselineNewCompanies?: boolean;
}

export interface RegisterWriterOptions {
  /**
   * A bulk import (the default) tunes the database for the length of a run (end() undoes it); writes of one
   * company at a time (live fetches, stream events) leave the settings alone and lock the rows they read.
   */
  bulk?: boolean;
  /**
   * SQLite: settle() merges the full-text index when the run (with the runs it resumed) inserted at least this
   * many companies. Default MERGE_FULL_TEXT_AFTER_INSERTS (sqlite-register-writer.ts); tests lower it.
   */
  mergeFullTextAfterInserts?: number;
}

export interface RegisterWriter {
  /**
   * Upserts the companies (a number seen twice keeps the later row), their SIC codes and the full-text index,
   * records new SIC descriptions, appends what changed to the register change feed (domain/changes) unless
   * `recording` is null, then writes the checkpoint `checkpointAfter` builds from this batch's counts (if any),
   * all or nothing.
   */
  writeBatch(
    companies: readonly CompanyWrite[],
    sicDescriptions: readonly (readonly [code: string, description: string])[],
    checkpointAfter: ((outcome: BatchOutcome) => RunCheckpoint) | null,
    recording: ChangeRecording | null,
  ): Promise<BatchOutcome>;
  /** Rows a batch should hold for this database. */
  readonly preferredBatchSize: number;
  /**
   * Called once a run has written its whole file (not when it stops early or fails): leaves the store's indexes
   * as quick to search as a fresh build would be. SQLite merges the full-text index after a large run.
   * `inserted`: the companies the run inserted, with those of the earlier runs of the same file it resumed.
   */
  settle(run: { inserted: number }): Promise<void>;
  /** Undoes whatever the writer tuned for the import; called once the import ends, however it ends. */
  end(): Promise<void>;
}

export const IMPORT_RUN_COLUMNS = [
  'id',
  'kind',
  'file_path',
  'file_size',
  'file_mtime_ms',
  'as_of',
  'records_changes',
  'status',
  'last_line',
  'rows',
  'inserted',
  'updated',
  'rejected',
  'rejected_sample',
  'started_at',
  'updated_at',
  'completed_at',
] as const;

/** Columns a later batch changes; the rest are fixed when the run starts. */
export const IMPORT_RUN_PROGRESS_COLUMNS = IMPORT_RUN_COLUMNS.slice(7);

export function checkpointValues(run: RunCheckpoint): (string | number | boolean | Date | null)[] {
  return [
    run.id,
    run.kind,
    run.filePath,
    run.fileSize,
    run.fileMtimeMs,
    run.asOf,
    run.recordsChanges,
    run.status,
    run.lastLine,
    run.rows,
    run.inserted,
    run.updated,
    run.rejected,
    run.rejectedSample,
    run.startedAt,
    run.updatedAt,
    run.completedAt,
  ];
}

const TRACKED_POSITIONS = TRACKED_COLUMNS.map((column) => COMPANY_COLUMNS.indexOf(column));

/** Copies the stored values of `company.keepStored` into its row (values in COMPANY_COLUMNS order). */
export function keepStoredValues(
  company: CompanyWrite,
  stored: Readonly<Record<string, unknown>>,
  convert: (value: CompanyColumnValue) => CompanyColumnValue = (value) => value,
): void {
  for (const column of company.keepStored ?? [])
    company.values[COMPANY_COLUMNS.indexOf(column)] = convert((stored[column] ?? null) as CompanyColumnValue);
}

/** The tracked columns of a row in COMPANY_COLUMNS order, for diffCompany. */
export function trackedRowFromValues(values: readonly CompanyColumnValue[]): TrackedRow {
  return Object.fromEntries(
    TRACKED_COLUMNS.map((column, i) => {
      const value = values[TRACKED_POSITIONS[i]!];
      return [column, value instanceof Date ? value.toISOString() : (value ?? null)];
    }),
  ) as TrackedRow;
}
