import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, openDatabase, type Orm } from '../../src/db/orm';
import { searchCompanies } from '../../src/domain/companies/search-companies';
import { nameMatch } from '../../src/domain/companies/search/name-match';
import { BASIC_COMPANY_DATA_HEADER_LINE } from '../../src/ingest/companies-house/companies-csv';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import { dialectOf } from '../../src/domain/companies/register-sql';
import { CSV_COLUMN, csvRow } from '../support/company-csv-rows';
import { referenceSearch } from '../support/search-reference';
import { createTestDatabase, openMigrated, type TestDatabase } from '../support/test-database';

/*
 * The pair index (search/name-pairs.ts; SQLite's company_name_pairs, migration 0023, PostgreSQL's name_pairs
 * column, migration 0024): a search of several whole words reads the names holding its pairs of words instead of
 * intersecting each word's list. It must name exactly what the words name, on a register the importer wrote (names
 * added and renamed; on the test database, PostgreSQL under TEST_DATABASE_URL) and, on SQLite, on one whose pairs
 * migration 0023 built from the names already there. The reference is the single sorted statement over the words'
 * index (test/support/search-reference.ts). The SQLite-only tests open SQLite stores of their own.
 */

const { NAME, NUMBER } = CSV_COLUMN;
const AS_OF = new Date('2025-06-01T00:00:00Z');

const NAMES = [
  'ACORN GREEN HOLDINGS LIMITED',
  'GREEN ACORN LTD',
  'ACORNS GREEN LIMITED',
  'ACORN BLUE LIMITED',
  'GREEN GREEN LIMITED',
  'GREEN ACORN GREEN LLP',
  'THE UK GREEN ACORN COMPANY LIMITED',
  'ΩMEGA GREEN LIMITED',
  'GREENACORN LIMITED',
  'ACORN LIMITED',
];

const QUERIES = [
  'acorn green',
  'green acorn',
  'acorn green holdings',
  'acor gree', // prefixes: ACORN or ACORNS, each paired with GREEN or GREENACORN
  'green green', // one word, twice
  'acorn acorns', // words that share ACORNS: the word index
  'uk acorn',
  'acorn blue',
  'birch green',
  'ωmega green', // letters the index folds its own way: the word index
  'acorn holdings blue',
];

const csv = (dir: string, names: readonly string[], file: string): string => {
  const path = join(dir, file);
  const rows = names.map((name, i) =>
    csvRow({ [NAME]: name, [NUMBER]: `0900${String(i).padStart(4, '0')}` }),
  );
  writeFileSync(path, [BASIC_COMPANY_DATA_HEADER_LINE, ...rows, ''].join('\n'));
  return path;
};

let dir: string;
const opened: Orm[] = [];
const databases: TestDatabase[] = [];

/** A store on the test database (SQLite, or PostgreSQL under TEST_DATABASE_URL). */
async function testStore(): Promise<Orm> {
  const db = await createTestDatabase();
  databases.push(db);
  const orm = await openMigrated(db);
  opened.push(orm);
  return orm;
}

/** A SQLite store of this file's own. */
async function store(name: string): Promise<Orm> {
  const orm = await openDatabase({ kind: 'sqlite', path: join(dir, `${name}.db`) });
  opened.push(orm);
  await migrate(orm);
  return orm;
}

async function load(orm: Orm, names: readonly string[], file: string): Promise<void> {
  const imported = await importCompaniesCsv(orm.em.fork(), csv(dir, names, file), { asOf: AS_OF });
  expect(imported.rejected).toBe(0);
}

/** Every query's first page and total, from the search and from the reference, for toEqual. */
async function answers(orm: Orm) {
  const found: Record<string, unknown> = {};
  const expected: Record<string, unknown> = {};
  for (const q of QUERIES) {
    const query = { q, limit: 20, offset: 0 };
    const result = await searchCompanies(orm.em.fork(), query);
    found[q] = { numbers: result.items.map((item) => item.company_number), total: result.total };
    expected[q] = await referenceSearch(orm.em.fork(), query);
  }
  return { found, expected };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cds-name-pairs-'));
});

afterAll(async () => {
  for (const orm of opened) await orm.close();
  for (const db of databases) await db.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the pair index of a name search of several words', () => {
  it('is read for whole words, and not where it cannot stand for them (SQLite)', async () => {
    const orm = await store('which');
    await load(orm, NAMES, 'which.csv');
    const indexOf = async (q: string) => (await nameMatch(orm.em.fork(), q, 'sqlite')).fullTextIndex;
    // Each word stands for the register's words it starts (ACORN, ACORNS; GREEN, GREENACORN).
    const acornGreen = {
      table: 'company_name_pairs',
      query: '("ACORN_GREEN" OR "ACORN_GREENACORN" OR "ACORNS_GREEN" OR "ACORNS_GREENACORN")',
    };
    expect(await indexOf('acorn green')).toEqual(acornGreen);
    expect(await indexOf('acor gree')).toEqual(acornGreen);
    expect(await indexOf('acorns uk')).toEqual({ table: 'company_name_pairs', query: '"ACORNS_UK"' });
    expect((await indexOf('acorn'))?.table).toBe('companies_fts');
    expect((await indexOf('green green'))?.table).toBe('companies_fts');
    expect((await indexOf('acorn acorns'))?.table).toBe('companies_fts');
    expect((await indexOf('ωmega green'))?.table).toBe('companies_fts');
  });

  it('names what the words name, as the importer writes it', async () => {
    const orm = await testStore();
    await load(orm, NAMES, 'first.csv');
    const em = orm.em.fork();
    const match = await nameMatch(em, 'acorn green', dialectOf(em));
    expect(match.fullText!.text).toContain(dialectOf(em) === 'sqlite' ? 'company_name_pairs' : 'name_pairs');
    const { found, expected } = await answers(orm);
    expect(found).toEqual(expected);
    expect(found['acorn green']).toMatchObject({ total: 5 });
  });

  it('follows a rename: the old pairs go, the new ones come', async () => {
    const orm = await testStore();
    await load(orm, NAMES, 'before.csv');
    expect((await searchCompanies(orm.em.fork(), { q: 'acorn blue', limit: 20, offset: 0 })).total).toBe(1);
    // The same numbers; ACORN BLUE (the fourth) is now BIRCH GREEN.
    const renamed = NAMES.map((name) => (name === 'ACORN BLUE LIMITED' ? 'BIRCH GREEN LIMITED' : name));
    await load(orm, renamed, 'after.csv');
    const { found, expected } = await answers(orm);
    expect(found).toEqual(expected);
    expect(found['acorn blue']).toEqual({ numbers: [], total: 0 });
    expect(found['birch green']).toEqual({ numbers: ['09000003'], total: 1 });
  });

  it("is built by migration 0023 from a register's names already there (SQLite)", async () => {
    const orm = await store('migrated');
    await load(orm, NAMES, 'migrated.csv');
    // The register as a version before the pair index left it: then the migration, as an upgrade runs it.
    const connection = orm.em.getConnection();
    await connection.execute('drop table company_name_pairs');
    await connection.execute("delete from mikro_orm_migrations where name = '0023-company-name-pairs'");
    await migrate(orm);
    const [indexed] = (await orm.em
      .getConnection()
      .execute(
        "select count(*) as n from company_name_pairs where company_name_pairs match 'ACORN_GREEN'",
      )) as [{ n: number }];
    expect(indexed.n).toBe(4); // ACORNS GREEN holds ACORNS, another word
    const { found, expected } = await answers(orm);
    expect(found).toEqual(expected);
  });
});
