import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, openDatabase, type Orm } from '../../src/db/orm';
import { attachReadPool, closeReadPool } from '../../src/db/read-pool/attached-read-pool';
import { readRows } from '../../src/db/read-query';
import { searchCompanies } from '../../src/domain/companies/search-companies';
import { nameMatch } from '../../src/domain/companies/search/name-match';
import { searchSize } from '../../src/domain/companies/search/search-size';
import { BASIC_COMPANY_DATA_HEADER_LINE } from '../../src/ingest/companies-house/companies-csv';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import { CSV_COLUMN, csvRow } from '../support/company-csv-rows';

/*
 * A name search is judged small or not before it reads (search/search-size.ts), so that a small one (an exact
 * name) is not queued behind common words on the read threads. The read threads and the full-text index judged
 * here are SQLite's: this file opens a SQLite store of its own whatever TEST_DATABASE_URL says.
 */

const { NAME, NUMBER } = CSV_COLUMN;
const names = [
  'ACORN ONE LIMITED',
  'ACORN TWO LIMITED',
  'ACORN THREE LIMITED',
  'BIRCH LIMITED',
  'CEDAR ONE LTD',
];
/** Counts to `n` one row at a time: a read that holds a thread for about a second, no table needed. */
const slowCount =
  'with recursive n(i) as (select 1 union all select i + 1 from n where i < ?) select count(*) as c from n';

let dir: string;
let orm: Orm;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cds-search-size-'));
  const database = { kind: 'sqlite' as const, path: join(dir, 'app.db') };
  orm = await openDatabase(database);
  await migrate(orm);
  const file = join(dir, 'register.csv');
  const rows = names.map((name, i) => csvRow({ [NAME]: name, [NUMBER]: `0900000${i}` }));
  writeFileSync(file, [BASIC_COMPANY_DATA_HEADER_LINE, ...rows, ''].join('\n'));
  const imported = await importCompaniesCsv(orm.em.fork(), file, { asOf: new Date('2025-06-01T00:00:00Z') });
  expect(imported.rejected).toBe(0);
  attachReadPool(orm, database, { threads: 1 });
});

afterAll(async () => {
  await closeReadPool(orm);
  await orm.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The search's read options for `q`, with `bound` matches at most in each part for a small search. */
async function judged(q: string, bound: number) {
  const em = orm.em.fork();
  const match = await nameMatch(em, q, 'sqlite');
  const head = { text: `where ${match.head.text}`, params: match.head.params as Array<string | number> };
  return searchSize(em, head, match.fullTextIndex, bound);
}

describe('how big a name search is, judged before it reads', () => {
  it('is small when both the name range and the full-text match hold no more than the bound', async () => {
    // One name starts so, one holds the word: its number is handed back for the search's tail.
    expect(await judged('birch', 2)).toEqual({ reads: { bounded: true }, fullTextNumbers: ['09000003'] });
    expect(await judged('acorn two', 2)).toEqual({ reads: { bounded: true }, fullTextNumbers: ['09000001'] });
    // Nothing at all: no number, so no full-text read follows.
    expect(await judged('zebra', 2)).toEqual({ reads: { bounded: true }, fullTextNumbers: undefined });
  });

  it('is not small when either part holds more than the bound', async () => {
    // Three names start with ACORN and three hold it: both over the bound.
    expect(await judged('acorn', 2)).toEqual({
      reads: { bounded: false },
      fullTextNumbers: undefined,
    });
    // No name starts so, two hold the word: more than the bound, so the tail matches the index itself.
    expect(await judged('one', 1)).toEqual({ reads: { bounded: false }, fullTextNumbers: undefined });
    expect((await judged('acorn', 3)).reads).toEqual({ bounded: true }); // exactly at the bound
  });

  it('lets a small search go ahead of slow reads that hold the read thread', async () => {
    const order: string[] = [];
    // One thread for any read (threads: 1), held by two reads of about a second each.
    const slow = [1, 2].map((i) =>
      readRows(orm.em.fork(), slowCount, [1_500_000]).then(() => order.push(`slow ${i}`)),
    );
    const small = searchCompanies(orm.em.fork(), { q: 'acorn two limited', limit: 20, offset: 0 }).then(
      (result) => {
        order.push('small search');
        return result;
      },
    );
    expect((await small).items[0]?.company_name).toBe('ACORN TWO LIMITED');
    await Promise.all(slow);
    expect(order[0]).toBe('small search');
  });
});
