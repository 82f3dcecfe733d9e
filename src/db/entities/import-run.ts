import { BigIntType, EntitySchema } from '@mikro-orm/core';

/** The kind of run the bulk company file importer records. */
export const IMPORT_KIND_COMPANIES = 'companies';

/** `abandoned`: an unfinished run the operator chose to start over instead of resuming. */
export const importRunStatuses = ['running', 'completed', 'abandoned'] as const;
export type ImportRunStatus = (typeof importRunStatuses)[number];

/**
 * One run of an importer over one file, and its checkpoint. A file is identified by path, size and modification
 * time: the same three mean the same bytes, so a run left `running` (stopped, crashed) resumes after
 * `lastLine`, the last physical line whose row is committed. The checkpoint is written in the same transaction
 * as the rows, so a resumed run neither skips nor repeats a row. Counts are cumulative over resumptions.
 */
export interface ImportRun {
  id: string;
  kind: string;
  filePath: string;
  fileSize: number;
  fileMtimeMs: number;
  asOf: string;
  /** False for the first import into an empty register: it sets the baseline and records no changes. */
  recordsChanges: boolean;
  status: ImportRunStatus;
  lastLine: number;
  rows: number;
  inserted: number;
  updated: number;
  rejected: number;
  /** JSON array of the first rejected rows, { line, error }. */
  rejectedSample: string;
  startedAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
}

export const ImportRunEntity = new EntitySchema<ImportRun>({
  name: 'ImportRun',
  tableName: 'import_runs',
  properties: {
    id: { type: 'string', primary: true },
    kind: { type: 'string' },
    filePath: { type: 'text', fieldName: 'file_path' },
    fileSize: { type: new BigIntType('number'), fieldName: 'file_size' },
    fileMtimeMs: { type: new BigIntType('number'), fieldName: 'file_mtime_ms' },
    asOf: { type: 'string', fieldName: 'as_of' },
    recordsChanges: { type: 'boolean', fieldName: 'records_changes' },
    status: { type: 'string' },
    lastLine: { type: 'integer', fieldName: 'last_line' },
    rows: { type: 'integer' },
    inserted: { type: 'integer' },
    updated: { type: 'integer' },
    rejected: { type: 'integer' },
    rejectedSample: { type: 'text', fieldName: 'rejected_sample' },
    startedAt: { type: 'datetime', fieldName: 'started_at' },
    updatedAt: { type: 'datetime', fieldName: 'updated_at' },
    completedAt: { type: 'datetime', fieldName: 'completed_at', nullable: true },
  },
});
