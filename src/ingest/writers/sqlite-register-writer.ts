import type { EntityManager } from '@mikro-orm/core';
import {
  COMPANY_COLUMN_INDEX,
  COMPANY_COLUMNS,
  type CompanyColumnValue,
} from '../../domain/companies/company-record';
import { companyNumberKey } from '../../domain/companies/company-number';
import { SQLITE_NAME_INDEXES } from '../../domain/companies/search/full-text-index';
import { namePairs } from '../../domain/companies/search/name-pairs';
import { knexOf } from '../../domain/companies/register-sql';
import { diffCompany, type ChangeDraft, type TrackedRow } from '../../domain/changes/company-changes';
import { CHANGE_COLUMNS, changeValues } from '../../domain/changes/register-change-log';
import { ENQUEUE_SQLITE_ONE } from '../../domain/health/store/health-score-queue';
import { registerRowNeedsRescore } from '../../domain/health/store/register-row-rescore';
import {
  checkpointValues,
  keepStoredValues,
  trackedRowFromValues,
  IMPORT_RUN_COLUMNS,
  IMPORT_RUN_PROGRESS_COLUMNS,
  type BatchOutcome,
  type ChangeRecording,
  type CompanyWrite,
  type RegisterWriter,
  type RegisterWriterOptions,
  type RunCheckpoint,
} from './register-writer';

/** The slice of better-sqlite3's API used here (the package ships no types and none are installed). */
interface Statement {
  run(...params: unknown[]): { changes: number };
  get(...params: unknown[]): unknown;
}
interface Database {
  prepare(sql: string): Statement;
  transaction<T>(fn: () => T): () => T;
  pragma(source: string, options?: { simple: boolean }): unknown;
}

interface Statements {
  existing: Statement;
  insertNewCompany: Statement;
  updateCompany: Statement;
  deleteName: Statement;
  insertName: Statement;
  insertTerm: Statement;
  deletePairs: Statement;
  insertPairs: Statement;
  deleteSicCodes: Statement;
  insertSicCode: Statement;
  upsertSicDescription: Statement;
  upsertCheckpoint: Statement;
  insertChange: Statement;
  enqueueRescore: Statement;
}

const excluded = (columns: readonly string[]) => columns.map((c) => `${c} = excluded.${c}`).join(', ');

/** History stays history: the bulk file only knows the current status, insolvency cases may say more. */
const assignment = (column: string) =>
  column === 'has_insolvency_history' ? `${column} = (? or ${column})` : `${column} = ?`;

function prepare(db: Database): Statements {
  const companyColumns = COMPANY_COLUMNS.slice(1);
  return {
    // Every column, not only the tracked ones: the health score reads some the change feed does not announce.
    existing: db.prepare(`select ${COMPANY_COLUMNS.join(', ')} from companies where company_number = ?`),
    // A bulk import is mostly new companies: try the insert first and look at the old row only when it exists.
    insertNewCompany: db.prepare(
      `insert into companies (${COMPANY_COLUMNS.join(', ')}) values (${COMPANY_COLUMNS.map(() => '?').join(', ')}) ` +
        'on conflict (company_number) do nothing',
    ),
    updateCompany: db.prepare(
      `update companies set ${companyColumns.map(assignment).join(', ')} where company_number = ?`,
    ),
    deleteName: db.prepare('delete from companies_fts where rowid = ?'),
    insertName: db.prepare('insert into companies_fts (rowid, name, company_number) values (?, ?, ?)'),
    // The words search expands a prefix into (migration 0018): as FTS5 folds them, added, never removed.
    insertTerm: db.prepare('insert into company_name_terms (term) values (?) on conflict (term) do nothing'),
    // Every two words of the name as one term (migration 0023, search/name-pairs.ts).
    deletePairs: db.prepare('delete from company_name_pairs where rowid = ?'),
    insertPairs: db.prepare('insert into company_name_pairs (rowid, pairs) values (?, ?)'),
    deleteSicCodes: db.prepare('delete from company_sic_codes where company_number = ?'),
    insertSicCode: db.prepare('insert into company_sic_codes (company_number, sic_code) values (?, ?)'),
    upsertSicDescription: db.prepare(
      'insert into sic_codes (code, description) values (?, ?) ' +
        'on conflict (code) do update set description = excluded.description',
    ),
    upsertCheckpoint: db.prepare(
      `insert into import_runs (${IMPORT_RUN_COLUMNS.join(', ')}) ` +
        `values (${IMPORT_RUN_COLUMNS.map(() => '?').join(', ')}) ` +
        `on conflict (id) do update set ${excluded(IMPORT_RUN_PROGRESS_COLUMNS)}`,
    ),
    insertChange: db.prepare(
      `insert into register_changes (${CHANGE_COLUMNS.join(', ')}) values (${CHANGE_COLUMNS.map(() => '?').join(', ')})`,
    ),
    enqueueRescore: db.prepare(ENQUEUE_SQLITE_ONE),
  };
}

/** better-sqlite3 binds neither booleans nor Dates; MikroORM stores datetimes in SQLite as epoch milliseconds. */
function bindable(
  value: CompanyColumnValue | string | number | boolean | Date | null,
): string | number | null {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.getTime();
  return value;
}

/*
 * Settings for the length of an import, restored by end(). Random inserts into the name and postcode indexes
 * touch pages all over them; with SQLite's default 2 MB cache and 1,000-page WAL checkpoints, a register of a
 * million companies has its index pages evicted and re-read, and copied from the WAL into the database file, every
 * batch. Measured here at a million rows: 15,000 rows/s with the defaults, 20,000 with these. The WAL grows to
 * about 400 MB between checkpoints; end() checkpoints and truncates it.
 */
const IMPORT_CACHE_KIB = 256 * 1024; // an upper bound, allocated as pages are used
const IMPORT_WAL_AUTOCHECKPOINT_PAGES = 100_000;

/*
 * FTS5 writes each transaction's names as a new segment of the full-text index and merges segments in the
 * background as they pile up, so a bulk load leaves the index in a few dozen segments of every size, and a search
 * looks each of its words up in every one of them. Merged into one after a run that added this many companies
 * (each a full-text entry; a resumed run counts the runs it resumed), a name search's full-text match was 10 %
 * quicker on 1M companies and 17 % on 5.5M (docs/performance.md); below it the merge, which rewrites the whole
 * index, would cost more than it saves. Each step writes about MERGE_STEP_PAGES pages in a transaction of its own,
 * so the write lock is never held for the whole merge.
 */
const MERGE_FULL_TEXT_AFTER_INSERTS = 100_000;
const MERGE_STEP_PAGES = 2_000;

type Client = {
  acquireConnection(): Promise<Database>;
  releaseConnection(connection: Database): Promise<void>;
};

export class SqliteRegisterWriter implements RegisterWriter {
  readonly preferredBatchSize = 20_000;
  private readonly statements = new WeakMap<Database, Statements>();
  private restore: { cacheSize: unknown; walAutocheckpoint: unknown } | undefined;
  private readonly bulk: boolean;
  private readonly mergeAfterInserts: number;

  constructor(
    private readonly em: EntityManager,
    options: RegisterWriterOptions = {},
  ) {
    this.bulk = options.bulk ?? true;
    this.mergeAfterInserts = options.mergeFullTextAfterInserts ?? MERGE_FULL_TEXT_AFTER_INSERTS;
  }

  private client(): Client {
    return knexOf(this.em).client as Client;
  }

  /** Merges the full-text indexes (words, pairs) each into one segment after a run that inserted enough companies. */
  async settle(run: { inserted: number }): Promise<void> {
    if (run.inserted < this.mergeAfterInserts) return;
    for (const index of SQLITE_NAME_INDEXES) await this.merge(index);
  }

  private async merge(index: string): Promise<void> {
    const client = this.client();
    for (let done = false; !done;) {
      const db = await client.acquireConnection();
      try {
        const changesSoFar = db.prepare('select total_changes() as n');
        const before = (changesSoFar.get() as { n: number }).n;
        // A negative page count merges segments of every level, as 'optimize' does, but at most that many pages
        // at a time; fewer than two changes means nothing was left to merge (FTS5's documented test).
        db.prepare(`insert into ${index} (${index}, rank) values ('merge', ?)`).run(-MERGE_STEP_PAGES);
        done = (changesSoFar.get() as { n: number }).n - before < 2;
      } finally {
        await client.releaseConnection(db);
      }
    }
  }

  async end(): Promise<void> {
    const restore = this.restore;
    if (!restore) return;
    this.restore = undefined;
    const client = this.client();
    const db = await client.acquireConnection();
    try {
      db.pragma(`cache_size = ${Number(restore.cacheSize)}`);
      db.pragma(`wal_autocheckpoint = ${Number(restore.walAutocheckpoint)}`);
      // Give the disk back: without this the WAL file keeps its high-water size while the process runs. With
      // readers still active SQLite checkpoints what it can and leaves the file; that is fine too.
      db.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      await client.releaseConnection(db);
    }
  }

  async writeBatch(
    companies: readonly CompanyWrite[],
    sicDescriptions: readonly (readonly [string, string])[],
    checkpointAfter: ((outcome: BatchOutcome) => RunCheckpoint) | null,
    recording: ChangeRecording | null,
  ): Promise<BatchOutcome> {
    // The pool holds one connection; taking it per batch (not per run) lets other queries in this process
    // interleave with a long import.
    const client = this.client();
    const db = await client.acquireConnection();
    try {
      // SQLite has one writer at a time, so the rows a write reads stay as read without a lock: only the
      // import's cache and checkpoint settings depend on the kind of write.
      if (this.bulk && !this.restore) {
        this.restore = {
          cacheSize: db.pragma('cache_size', { simple: true }),
          walAutocheckpoint: db.pragma('wal_autocheckpoint', { simple: true }),
        };
        db.pragma(`cache_size = -${IMPORT_CACHE_KIB}`);
        db.pragma(`wal_autocheckpoint = ${IMPORT_WAL_AUTOCHECKPOINT_PAGES}`);
      }
      let statements = this.statements.get(db);
      if (!statements) {
        statements = prepare(db);
        this.statements.set(db, statements);
      }
      const s = statements;
      // In WAL mode NORMAL skips the fsync at each commit and stays consistent; a power cut can lose the last
      // batches, and their checkpoint with them, so the resumed run writes them again. Restored after the batch:
      // the connection is shared with the rest of the process.
      const synchronous = db.pragma('synchronous', { simple: true });
      db.pragma('synchronous = NORMAL');
      try {
        return db.transaction(() => {
          const outcome = { inserted: 0, updated: 0, changes: 0 };
          const changes: ChangeDraft[] | null = recording ? [] : null;
          const queuedAt = Date.now();
          const recordNew = !recording?.baselineNewCompanies;
          for (const company of companies) {
            if (writeCompany(s, company, outcome, changes, recordNew))
              s.enqueueRescore.run(company.companyNumber, queuedAt);
          }
          for (const [code, description] of sicDescriptions) s.upsertSicDescription.run(code, description);
          if (recording && changes) {
            for (const change of changes)
              s.insertChange.run(changeValues(change, recording.source, recording.detectedAt).map(bindable));
            outcome.changes = changes.length;
          }
          if (checkpointAfter)
            s.upsertCheckpoint.run(checkpointValues(checkpointAfter(outcome)).map(bindable));
          return outcome;
        })();
      } finally {
        db.pragma(`synchronous = ${Number(synchronous)}`);
      }
    } finally {
      await client.releaseConnection(db);
    }
  }
}

/**
 * Writes one company; when `changes` is given, appends what changed on it (or that it is new, if `recordNew`).
 * True when the company is new or any of its columns changed: its health score is due again.
 */
function writeCompany(
  s: Statements,
  company: CompanyWrite,
  outcome: BatchOutcome,
  changes: ChangeDraft[] | null,
  recordNew: boolean,
): boolean {
  const number = company.companyNumber;
  const values = company.values; // used once, by this write: converted in place
  let after = changes ? trackedRowFromValues(values) : undefined;
  values[COMPANY_COLUMN_INDEX.hasCharges] = bindable(values[COMPANY_COLUMN_INDEX.hasCharges]!);
  values[COMPANY_COLUMN_INDEX.hasInsolvencyHistory] = bindable(
    values[COMPANY_COLUMN_INDEX.hasInsolvencyHistory]!,
  );
  values[COMPANY_COLUMN_INDEX.updatedAt] = bindable(values[COMPANY_COLUMN_INDEX.updatedAt]!);
  if (s.insertNewCompany.run(values).changes === 1) {
    outcome.inserted++;
    insertName(s, companyNumberKey(number), company.fullText, number);
    if (changes && after && recordNew) changes.push(...diffCompany(number, undefined, after));
    for (const code of company.sicCodes) s.insertSicCode.run(number, code);
    return true;
  }
  outcome.updated++;
  const existing = s.existing.get(number) as { normalised_name: string } & TrackedRow;
  if (company.keepStored) {
    keepStoredValues(company, existing, bindable);
    if (changes) after = trackedRowFromValues(values);
  }
  if (changes && after) changes.push(...diffCompany(number, existing, after));
  const rescore = registerRowNeedsRescore(existing, values);
  values.push(values.shift()!); // the number goes last, in the WHERE clause
  s.updateCompany.run(values);
  // Most re-imported companies keep their name: leave their full-text entry alone.
  if (existing.normalised_name !== company.normalisedName) {
    const key = companyNumberKey(number);
    s.deleteName.run(key);
    s.deletePairs.run(key);
    insertName(s, key, company.fullText, number);
  }
  s.deleteSicCodes.run(number);
  for (const code of company.sicCodes) s.insertSicCode.run(number, code);
  return rescore;
}

/** A name's full-text entry, its pairs of words, and its words in the terms search expands prefixes into. */
function insertName(s: Statements, key: number, fullText: string, number: string): void {
  s.insertName.run(key, fullText, number);
  if (fullText === '') return;
  const words = fullText.split(' ');
  const pairs = namePairs(words);
  if (pairs !== '') s.insertPairs.run(key, pairs);
  for (const word of words) s.insertTerm.run(word.toLowerCase());
}
