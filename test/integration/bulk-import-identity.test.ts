import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Orm } from '../../src/db/orm';
import { writeDemoRegisterCsv } from '../../src/demo/demo-register';
import { dialectOf } from '../../src/domain/companies/register-sql';
import { searchCompanies, type CompanySearchQuery } from '../../src/domain/companies/search-companies';
import {
  importCompaniesCsv,
  type ImportCompaniesOptions,
  type ImportCompaniesResult,
} from '../../src/ingest/companies-house/import-companies';
import { createTestDatabase, openMigrated, type TestDatabase } from '../support/test-database';

/*
 * A baseline import builds the register's secondary indexes once after its rows (writers/deferred-indexes.ts).
 * The store it leaves must be the one the row-by-row path leaves: the same rows in every table the import writes,
 * the same indexes, the same change feed from the next import, the same search answers. Two stores, one file.
 */

const asOf = new Date('2025-06-01T00:00:00Z');
const clockAt = new Date('2025-06-02T08:00:00Z');
const clock = () => clockAt;
const COMPANIES = 1_500;
/** Imports and searches on two stores: a minute or more on a busy machine. */
const LONG = 240_000;

let dir: string;
let register: string;
let changed: string;
const stores: { db: TestDatabase; orm: Orm }[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cds-bulk-identity-'));
  register = join(dir, 'register.csv');
  await new Promise<void>((resolve, reject) => {
    const out = createWriteStream(register);
    out.on('finish', resolve).on('error', reject);
    void writeDemoRegisterCsv(out, { companies: COMPANIES, seed: 7, asOf });
  });
  changed = join(dir, 'register-changed.csv');
  writeFileSync(changed, changedRegister(readFileSync(register, 'utf8')));
}, LONG);

afterAll(async () => {
  for (const store of stores.splice(0)) {
    await store.orm.close();
    await store.db.drop();
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The next file: every 50th company renamed, every 70th in liquidation, the last 100 gone, 20 new ones. */
function changedRegister(csv: string): string {
  // Every field of the generated file is quoted, so a row splits on the quotes' commas.
  const fieldsOf = (row: string) => row.slice(1, -1).split('","');
  const rowOf = (fields: string[]) => `"${fields.join('","')}"`;
  const [header, ...rows] = csv.trimEnd().split('\n');
  const kept = rows.slice(0, -100).map((row, i) => {
    const fields = fieldsOf(row);
    if (i % 50 === 0) fields[0] = `RENAMED ${i} TRADING LIMITED`;
    if (i % 70 === 0) fields[11] = 'Liquidation';
    return rowOf(fields);
  });
  const added = rows.slice(0, 20).map((row, i) => {
    const fields = fieldsOf(row);
    fields[0] = `NEWLY ADDED ${i} HOLDINGS LIMITED`;
    fields[1] = `SC${String(990_000 + i)}`;
    return rowOf(fields);
  });
  return [header, ...kept, ...added].join('\n') + '\n';
}

async function newStore(): Promise<Orm> {
  const db = await createTestDatabase();
  const orm = await openMigrated(db);
  stores.push({ db, orm });
  return orm;
}

const importInto = (orm: Orm, file: string, options: ImportCompaniesOptions = {}) =>
  importCompaniesCsv(orm.em.fork(), file, { asOf, clock, batchSize: 300, ...options });

async function rows(orm: Orm, sql: string): Promise<unknown[]> {
  return (await orm.em.fork().getConnection().execute(sql)) as unknown[];
}

/** Every table the import writes, in a stable order, without what differs by design (run ids, queue times). */
async function storeContents(orm: Orm): Promise<Record<string, unknown[]>> {
  const postgres = dialectOf(orm.em) === 'postgresql';
  const contents: Record<string, unknown[]> = {
    companies: await rows(
      orm,
      postgres
        ? 'select *, name_search::text as name_search, name_pairs::text as name_pairs from companies order by company_number'
        : 'select * from companies order by company_number',
    ),
    company_sic_codes: await rows(orm, 'select * from company_sic_codes order by company_number, sic_code'),
    sic_codes: await rows(orm, 'select * from sic_codes order by code'),
    company_name_terms: await rows(orm, 'select term from company_name_terms order by term'),
    health_score_queue: await rows(
      orm,
      'select company_number from health_score_queue order by company_number',
    ),
    register_changes: await rows(orm, 'select * from register_changes order by sequence'),
    import_runs: await rows(
      orm,
      'select kind, as_of, records_changes, status, last_line, rows, inserted, updated, rejected, ' +
        'rejected_sample, started_at, updated_at, completed_at from import_runs order by started_at, last_line',
    ),
    deferred_indexes: await rows(orm, 'select name from deferred_indexes'),
    indexes: await rows(
      orm,
      postgres
        ? "select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename in ('companies', 'company_sic_codes') order by indexname"
        : "select name, tbl_name, sql from sqlite_master where type = 'index' and tbl_name in ('companies', 'company_sic_codes') order by name",
    ),
  };
  if (!postgres) {
    contents.companies_fts = await rows(
      orm,
      'select rowid, name, company_number from companies_fts order by rowid',
    );
    // The pair index is contentless: its vocabulary (each term and the names holding it) is what it holds.
    await rows(
      orm,
      "create virtual table if not exists temp.pairs_vocabulary using fts5vocab(main, 'company_name_pairs', 'row')",
    );
    contents.company_name_pairs = await rows(
      orm,
      'select term, doc from temp.pairs_vocabulary order by term',
    );
    contents.pair_matches = await rows(
      orm,
      "select rowid from company_name_pairs where company_name_pairs match 'holdings_uk' order by rowid",
    );
  }
  return contents;
}

const QUERIES: Omit<CompanySearchQuery, 'limit' | 'offset'>[] = [
  { q: 'holdings' },
  { q: 'hold' },
  { q: 'green holdings' },
  { q: 'limited' },
  { q: 'renamed trading' },
  { status: 'active', town: 'LONDON' },
  { sicCode: '62020' },
  { postcode: 'EC1V' },
  { q: 'uk', status: 'dissolved' },
];

/** Each query's first two pages, and with a walk forced (SQLite walks a common word's tier in its index). */
async function searchAnswers(orm: Orm): Promise<unknown[]> {
  const answers: unknown[] = [];
  for (const query of QUERIES)
    for (const [offset, bounds] of [
      [0, {}],
      [20, {}],
      [0, { walkAt: 1, smallSearchMatches: 1 }],
    ] as const)
      answers.push(await searchCompanies(orm.em.fork(), { limit: 20, offset, ...query }, bounds));
  return answers;
}

/**
 * The names of the indexes a baseline import defers, in name order: not a key's (SQLite gives a key's index no
 * SQL), on PostgreSQL not on an expression (`((`), and not the within-tier index a search names (`indexed by`),
 * which it keeps row by row (deferred-indexes.ts).
 */
function secondaryIndexes(indexes: unknown[] | undefined): string[] {
  return (indexes as { name?: string; sql?: string | null; indexname?: string; indexdef?: string }[])
    .filter((index) =>
      index.indexdef
        ? !index.indexdef.startsWith('CREATE UNIQUE') && !index.indexdef.includes('((')
        : index.sql,
    )
    .map((index) => (index.name ?? index.indexname)!)
    .filter((name) => name !== 'companies_within_tier')
    .sort();
}

function expectBaseline(result: ImportCompaniesResult): void {
  expect(result).toMatchObject({ status: 'completed', records_changes: false, inserted: COMPANIES });
}

describe('a baseline import with its indexes built after the rows', () => {
  let bulk: Orm;
  let rowByRow: Orm;

  beforeAll(async () => {
    bulk = await newStore();
    rowByRow = await newStore();
  }, LONG);

  test(
    'leaves the store the row-by-row import leaves, and the next import finds the same changes',
    async () => {
      const bulkResult = await importInto(bulk, register);
      const rowResult = await importInto(rowByRow, register, { deferIndexes: false });
      expectBaseline(bulkResult);
      expectBaseline(rowResult);
      expect(bulkResult.index_build_seconds).toBeGreaterThan(0);
      expect(rowResult.index_build_seconds).toBe(0);

      const baseline = await storeContents(rowByRow);
      expect((baseline.indexes as unknown[]).length).toBeGreaterThanOrEqual(8);
      expect(await storeContents(bulk)).toEqual(baseline);
      expect(await searchAnswers(bulk)).toEqual(await searchAnswers(rowByRow));

      const bulkNext = await importInto(bulk, changed);
      const rowNext = await importInto(rowByRow, changed);
      expect(bulkNext).toMatchObject({ records_changes: true, index_build_seconds: 0 });
      expect(bulkNext.changes).toBeGreaterThan(50);
      expect({ ...bulkNext, run_id: '', seconds: 0, rows_per_second: 0 }).toEqual({
        ...rowNext,
        run_id: '',
        seconds: 0,
        rows_per_second: 0,
      });
      const next = await storeContents(rowByRow);
      expect((next.register_changes as unknown[]).length).toBe(bulkNext.changes);
      expect(await storeContents(bulk)).toEqual(next);
      expect(await searchAnswers(bulk)).toEqual(await searchAnswers(rowByRow));
    },
    LONG,
  );
});

describe('a baseline import that stops before its end', () => {
  test(
    'says it is running, records what it deferred, and completes with every index when run again',
    async () => {
      const orm = await newStore();
      const reference = await newStore();
      await importInto(reference, register, { deferIndexes: false });

      const stopped = await importInto(orm, register, { limit: 700 });
      expect(stopped.status).toBe('stopped');
      const partial = await storeContents(orm);
      expect(partial.import_runs).toEqual([expect.objectContaining({ status: 'running' })]);
      expect(partial.deferred_indexes).toEqual(
        secondaryIndexes((await storeContents(reference)).indexes).map((name) => ({ name })),
      );
      // Searches answer meanwhile, a common word's forced walk of its tier included (SQLite names that index).
      expect(await searchAnswers(orm)).toHaveLength(QUERIES.length * 3);

      const resumed = await importInto(orm, register);
      expect(resumed).toMatchObject({ status: 'completed', resumed_from_line: expect.any(Number) });
      expect(resumed.index_build_seconds).toBeGreaterThan(0);
      expect(await storeContents(orm)).toEqual(await storeContents(reference));
    },
    LONG,
  );

  test(
    'is never marked completed while an index is missing: a failed build leaves it running',
    async () => {
      const orm = await newStore();
      await importInto(orm, register, { limit: COMPANIES });
      const connection = orm.em.fork().getConnection();
      const [first] = (await connection.execute(
        'select name, create_sql from deferred_indexes order by name desc limit 1',
      )) as { name: string; create_sql: string }[];
      await connection.execute('update deferred_indexes set create_sql = ? where name = ?', [
        'create index broken on no_such_table (x)',
        first!.name,
      ]);

      await expect(importInto(orm, register)).rejects.toThrow(/no_such_table|does not exist/);
      const failed = await storeContents(orm);
      expect(failed.import_runs).toEqual([expect.objectContaining({ status: 'running' })]);
      expect(failed.deferred_indexes).toEqual([{ name: first!.name }]);

      await connection.execute('update deferred_indexes set create_sql = ? where name = ?', [
        first!.create_sql,
        first!.name,
      ]);
      expect(await importInto(orm, register)).toMatchObject({ status: 'completed' });
      const done = await storeContents(orm);
      expect(done.deferred_indexes).toEqual([]);
      expect(done.import_runs).toEqual([expect.objectContaining({ status: 'completed' })]);
    },
    LONG,
  );

  test(
    'leaves its indexes to whichever import completes next, one started over included',
    async () => {
      const orm = await newStore();
      await importInto(orm, register, { limit: 700 });
      const restarted = await importInto(orm, register, { restart: true });
      expect(restarted).toMatchObject({ status: 'completed', records_changes: true });
      expect(restarted.index_build_seconds).toBeGreaterThan(0);
      const store = await storeContents(orm);
      expect(store.deferred_indexes).toEqual([]);
      expect((store.indexes as unknown[]).length).toBeGreaterThanOrEqual(8);
    },
    LONG,
  );
});
