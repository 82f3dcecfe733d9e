import type { EntityManager } from '@mikro-orm/core';
import { COMPANY_COLUMNS } from '../../domain/companies/company-record';
import { knexOf } from '../../domain/companies/register-sql';
import { diffCompany, type ChangeDraft, type TrackedRow } from '../../domain/changes/company-changes';
import { CHANGE_COLUMNS, changeValues, LOCK_CHANGE_LOG } from '../../domain/changes/register-change-log';
import { ENQUEUE_POSTGRES_UNNEST } from '../../domain/health/store/health-score-queue';
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

/*
 * PostgreSQL: each statement carries a whole batch as one array per column, unnested server-side. Tens of
 * thousands of scalar parameters per statement (multi-row VALUES through knex) spent most of the import in
 * JavaScript building and numbering them; arrays go to the driver as they are.
 */

/** The PostgreSQL array type of each column in COMPANY_COLUMNS, for unnest. */
const COLUMN_TYPES: Readonly<Record<string, string>> = {
  accounting_reference_day: 'int',
  accounting_reference_month: 'int',
  charges_total: 'int',
  charges_outstanding: 'int',
  charges_part_satisfied: 'int',
  charges_satisfied: 'int',
  has_charges: 'bool',
  has_insolvency_history: 'bool',
  updated_at: 'timestamptz',
};

const excluded = (columns: readonly string[]) => columns.map((c) => `${c} = excluded.${c}`).join(', ');

const UPSERT_COMPANIES =
  `insert into companies (${COMPANY_COLUMNS.join(', ')}) select * from unnest(` +
  COMPANY_COLUMNS.map((column, i) => `$${i + 1}::${COLUMN_TYPES[column] ?? 'text'}[]`).join(', ') +
  `) on conflict (company_number) do update set ${excluded(COMPANY_COLUMNS.slice(1))}`.replace(
    'has_insolvency_history = excluded.has_insolvency_history',
    // History stays history: the bulk file only knows the current status, insolvency cases may say more.
    'has_insolvency_history = excluded.has_insolvency_history or companies.has_insolvency_history',
  );
// Every column, not only the tracked ones: the health score reads some the change feed does not announce.
const EXISTING = `select ${COMPANY_COLUMNS.join(', ')} from companies where company_number = any($1::text[])`;
/*
 * One-company writes (live fetches, stream events) run beside other writers of the same row (the charges
 * importer): the row stays locked from this read to the commit, so the columns kept from it (keepStored) and the
 * diff are not undone by a write in between. The row is locked before the change log, the order every detail
 * importer takes them in (row update, then appendChanges), so the two never wait on each other in a circle.
 */
const EXISTING_LOCKED = `${EXISTING} order by company_number for update`;
const CHANGE_TYPES: Readonly<Record<string, string>> = { detected_at: 'timestamptz' };
const INSERT_CHANGES =
  `insert into register_changes (${CHANGE_COLUMNS.join(', ')}) select * from unnest(` +
  CHANGE_COLUMNS.map((column, i) => `$${i + 1}::${CHANGE_TYPES[column] ?? 'text'}[]`).join(', ') +
  ')';
// The words search expands a prefix into (migration 0018): added, never removed.
const INSERT_NAME_TERMS =
  'insert into company_name_terms (term) select distinct unnest($1::text[]) on conflict (term) do nothing';
const DELETE_SIC_CODES = 'delete from company_sic_codes where company_number = any($1::text[])';
const INSERT_SIC_CODES =
  'insert into company_sic_codes (company_number, sic_code) select * from unnest($1::text[], $2::text[])';
const UPSERT_SIC_DESCRIPTIONS =
  'insert into sic_codes (code, description) select * from unnest($1::text[], $2::text[]) ' +
  'on conflict (code) do update set description = excluded.description';
const UPSERT_CHECKPOINT =
  `insert into import_runs (${IMPORT_RUN_COLUMNS.join(', ')}) ` +
  `values (${IMPORT_RUN_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')}) ` +
  `on conflict (id) do update set ${excluded(IMPORT_RUN_PROGRESS_COLUMNS)}`;

/** The slice of node-postgres's client used here. */
interface PgClient {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export class PostgresRegisterWriter implements RegisterWriter {
  readonly preferredBatchSize = 5_000;
  private readonly bulk: boolean;

  constructor(
    private readonly em: EntityManager,
    options: RegisterWriterOptions = {},
  ) {
    this.bulk = options.bulk ?? true;
  }

  /** Nothing to merge: the name search's GIN index is one tree whatever the number of batches that built it. */
  async settle(): Promise<void> {}

  async end(): Promise<void> {}

  async writeBatch(
    companies: readonly CompanyWrite[],
    sicDescriptions: readonly (readonly [string, string])[],
    checkpointAfter: ((outcome: BatchOutcome) => RunCheckpoint) | null,
    recording: ChangeRecording | null,
  ): Promise<BatchOutcome> {
    // One statement may not update a row twice (ON CONFLICT's rule): a number repeated in the batch keeps its
    // last row, as the row-by-row SQLite writer would end up with.
    const latest = new Map<string, CompanyWrite>();
    for (const company of companies) latest.set(company.companyNumber, company);
    const unique = [...latest.values()];
    const numbers = [...latest.keys()];

    const pool = knexOf(this.em).client as {
      acquireConnection(): Promise<PgClient>;
      releaseConnection(connection: PgClient): Promise<void>;
    };
    const db = await pool.acquireConnection();
    try {
      await db.query('begin');
      try {
        // Locked before reading the old rows, so no other writer (the simulator) changes them between this read
        // and the diff: every old value recorded is the one this batch replaced.
        if (recording && this.bulk) await db.query(LOCK_CHANGE_LOG);
        const existingRows = (await db.query(this.bulk ? EXISTING : EXISTING_LOCKED, [numbers])).rows;
        if (recording && !this.bulk) await db.query(LOCK_CHANGE_LOG);
        const existing = existingRows.map((row) => row.company_number as string);
        const inserted = numbers.length - existing.length;
        const outcome = { inserted, updated: companies.length - inserted, changes: 0 };
        const before = new Map(existingRows.map((row) => [row.company_number as string, row]));
        for (const company of unique) {
          const stored = before.get(company.companyNumber);
          if (stored) keepStoredValues(company, stored);
        }
        if (recording) {
          const changes: ChangeDraft[] = unique.flatMap((company) => {
            const old = before.get(company.companyNumber) as TrackedRow | undefined;
            if (old === undefined && recording.baselineNewCompanies) return [];
            return diffCompany(company.companyNumber, old, trackedRowFromValues(company.values));
          });
          if (changes.length > 0) {
            const rows = changes.map((change) =>
              changeValues(change, recording.source, recording.detectedAt),
            );
            await db.query(
              INSERT_CHANGES,
              CHANGE_COLUMNS.map((_, i) => rows.map((row) => row[i])),
            );
          }
          outcome.changes = changes.length;
        }
        if (unique.length > 0) {
          await db.query(
            UPSERT_COMPANIES,
            COMPANY_COLUMNS.map((_, i) => unique.map((company) => company.values[i])),
          );
        }
        const terms = new Set<string>();
        for (const company of unique)
          if (company.fullText !== '')
            for (const word of company.fullText.split(' ')) terms.add(word.toLowerCase());
        if (terms.size > 0) await db.query(INSERT_NAME_TERMS, [[...terms]]);
        const rescore = unique
          .filter((company) => {
            const old = before.get(company.companyNumber);
            return old === undefined || registerRowNeedsRescore(old, company.values);
          })
          .map((company) => company.companyNumber)
          .sort();
        if (rescore.length > 0) await db.query(ENQUEUE_POSTGRES_UNNEST, [rescore, new Date()]);
        if (existing.length > 0) await db.query(DELETE_SIC_CODES, [existing]);
        const sicNumbers: string[] = [];
        const sicCodes: string[] = [];
        for (const company of unique) {
          for (const code of company.sicCodes) {
            sicNumbers.push(company.companyNumber);
            sicCodes.push(code);
          }
        }
        if (sicCodes.length > 0) await db.query(INSERT_SIC_CODES, [sicNumbers, sicCodes]);
        if (sicDescriptions.length > 0) {
          await db.query(UPSERT_SIC_DESCRIPTIONS, [
            sicDescriptions.map(([code]) => code),
            sicDescriptions.map(([, description]) => description),
          ]);
        }
        if (checkpointAfter) await db.query(UPSERT_CHECKPOINT, checkpointValues(checkpointAfter(outcome)));
        await db.query('commit');
        return outcome;
      } catch (error) {
        // The batch's error is the one worth reporting, even if the connection is too broken to roll back.
        await db.query('rollback').catch(() => undefined);
        throw error;
      }
    } finally {
      await pool.releaseConnection(db);
    }
  }
}
