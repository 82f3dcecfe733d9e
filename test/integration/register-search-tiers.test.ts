import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Orm } from '../../src/db/orm';
import {
  SEARCH_COUNT_STOP,
  searchCompanies,
  type CompanySearchQuery,
  type SearchSizing,
} from '../../src/domain/companies/search-companies';
import { MAX_PREFIX_EXPANSION } from '../../src/domain/companies/search/full-text-terms';
import { nameMatch } from '../../src/domain/companies/search/name-match';
import { WITHIN_TIER, WITHIN_TIER_SORTED } from '../../src/domain/companies/search/tail-read';
import { walkStatement } from '../../src/domain/companies/search/tail-walk-postgres';
import { writeDemoRegisterCsv } from '../../src/demo/demo-register';
import { BASIC_COMPANY_DATA_HEADER_LINE } from '../../src/ingest/companies-house/companies-csv';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import { CSV_COLUMN, csvRow } from '../support/company-csv-rows';
import { referenceSearch } from '../support/search-reference';
import { createTestDatabase, openMigrated, type TestDatabase } from '../support/test-database';

/*
 * The tiered search (head: tiers 0–3; tail: tier 4, read and counted apart) must answer exactly as the single
 * sorted statement did: same pages, same order, same totals, wherever a page falls across the tiers. The
 * reference statement is the oracle (test/support/search-reference.ts).
 */

const asOf = new Date('2025-06-01T00:00:00Z');
const { NAME, NUMBER, TOWN, STATUS, SIC_1 } = CSV_COLUMN;
const STATUSES = ['Active', 'Dissolved', 'Liquidation', 'Active - Proposal to Strike off'];

// Enough of each tier that pages of 1–20 start and end inside every tier and on the boundaries between them.
const made = [
  csvRow({ [NAME]: 'HARBOUR LIGHT LIMITED', [NUMBER]: '07000001' }),
  csvRow({ [NAME]: 'HARBOUR LIGHT LTD', [NUMBER]: '07000002', [STATUS]: 'Dissolved' }),
  csvRow({ [NAME]: 'HARBOUR LIGHT LLP', [NUMBER]: 'OC700003' }),
  csvRow({ [NAME]: 'HARBOUR LIGHT', [NUMBER]: '07000004', [STATUS]: 'Liquidation' }),
  ...Array.from({ length: 23 }, (_, i) =>
    csvRow({
      [NAME]: `HARBOUR LIGHT ${['WORKS', 'STUDIO', 'HOMES'][i % 3]} ${i} LIMITED`,
      [NUMBER]: `0710${String(i).padStart(4, '0')}`,
      [STATUS]: STATUSES[i % STATUSES.length]!,
      [TOWN]: i % 2 === 0 ? 'YORK' : 'BATH',
    }),
  ),
  ...Array.from({ length: 31 }, (_, i) =>
    csvRow({
      [NAME]: `${['OLD', 'NEW', 'GREAT'][i % 3]} HARBOURS LIGHTING ${i} LTD`,
      [NUMBER]: `0720${String(i).padStart(4, '0')}`,
      [STATUS]: STATUSES[(i + 1) % STATUSES.length]!,
      [TOWN]: i % 3 === 0 ? 'YORK' : 'BATH',
    }),
  ),
  // For the walk of the full-text tier (search/tail-walk.ts): names LIKE cannot test (letters outside ASCII), a
  // word a legal form starts with, a short whole word.
  csvRow({ [NAME]: 'ŁÓDŹ HARBOUR LIGHT LIMITED', [NUMBER]: '07400001' }),
  csvRow({ [NAME]: 'HARBOUR LIGHTÆ WORKS LIMITED', [NUMBER]: '07400002' }),
  csvRow({ [NAME]: 'LIMPET HARBOUR LIGHT LIMITED', [NUMBER]: '07400003' }),
  csvRow({ [NAME]: 'AB HARBOUR LIGHT LIMITED', [NUMBER]: '07400004', [STATUS]: 'Dissolved' }),
  csvRow({ [NAME]: 'ABBEY HARBOUR LIGHT LIMITED', [NUMBER]: '07400005' }),
  // A rare word with and without the common ones (HARBOUR, LIGHT), in ASCII names and another.
  csvRow({ [NAME]: 'QUILLON HARBOUR LIMITED', [NUMBER]: '07600001' }),
  csvRow({ [NAME]: 'QUILLON STUDIO LIMITED', [NUMBER]: '07600002' }),
  csvRow({ [NAME]: 'QUILLON ŁÓDŹ HARBOUR LIMITED', [NUMBER]: '07600003', [STATUS]: 'Dissolved' }),
  csvRow({ [NAME]: 'QUILLON HARBOURSIDE LIMITED', [NUMBER]: '07600004' }),
  csvRow({ [NAME]: 'QUILLONS LIGHT HARBOUR LLP', [NUMBER]: 'OC760005' }),
  // More words with one prefix than a prefix is expanded into: that prefix stays an FTS5 prefix term.
  ...Array.from({ length: MAX_PREFIX_EXPANSION + 4 }, (_, i) =>
    csvRow({
      [NAME]: `ZEPHYR${String.fromCharCode(65 + i)} HARBOUR LTD`,
      [NUMBER]: `0730${String(i).padStart(4, '0')}`,
    }),
  ),
  // A SIC code common enough that a page of it is read by walking the register in order (search-companies.ts),
  // spread over statuses and names so the walk crosses every status rank.
  ...Array.from({ length: 400 }, (_, i) =>
    csvRow({
      [NAME]: `${['ALDER', 'BIRCH', 'CEDAR', 'YEW'][i % 4]} WALKING ${i} LIMITED`,
      [NUMBER]: `0750${String(i).padStart(4, '0')}`,
      [STATUS]: ['Dissolved', 'Liquidation', 'Active', 'Dissolved'][i % 4]!,
      [SIC_1]: '99999 - Dormant Company',
    }),
  ),
];

let db: TestDatabase;
let orm: Orm;
let dir: string;

async function importRows(name: string, rows: readonly string[]): Promise<void> {
  const file = join(dir, name);
  writeFileSync(file, [BASIC_COMPANY_DATA_HEADER_LINE, ...rows, ''].join('\n'));
  expect((await importCompaniesCsv(orm.em.fork(), file, { asOf })).rejected).toBe(0);
}

beforeAll(async () => {
  db = await createTestDatabase();
  orm = await openMigrated(db);
  dir = mkdtempSync(join(tmpdir(), 'cds-register-search-tiers-'));
  const demo = join(dir, 'demo.csv');
  await writeDemoRegisterCsv(createWriteStream(demo), { companies: 3000, seed: 11, asOf });
  expect((await importCompaniesCsv(orm.em.fork(), demo, { asOf })).rejected).toBe(0);
  await importRows('made.csv', made);
  // PostgreSQL decides a walk from the statistics ANALYZE keeps of the words (autovacuum runs it after an import,
  // in its own time); VACUUM marks the pages all-visible, so that a walk of this small table reads the index alone.
  if (db.database.kind === 'postgresql') await orm.em.getConnection().execute('vacuum analyze companies');
});

afterAll(async () => {
  await orm?.close();
  await db?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/*
 * On SQLite a search whose full-text part is small reads its tail from the numbers its size check took, and any
 * other reads the full-text index again (search/search-size.ts). This register's words are all small at the
 * service's bound, so each query is also run with bounds that send it (or some of its parts) the other way, and
 * walked in order (walkAt, within walkEntries), and with counting stopped at 30 matches: the total is then the
 * reference's when it is 30 or less (or does not pass the page's end), and otherwise the stop, said to be inexact.
 */
const SIZINGS: readonly Partial<SearchSizing>[] = [
  {},
  { smallSearchMatches: 0 },
  { smallSearchMatches: 5 },
  { countStop: 30 },
  { countStop: 30, smallSearchMatches: 0 },
  // The full-text tier walked in its index's order wherever LIKE can test the words.
  { smallSearchMatches: 0, walkAt: 1 },
  { smallSearchMatches: 0, walkAt: 1, countStop: 30 },
  // PostgreSQL: a walk that may read the whole index, and one that stops short of every page and is sorted instead.
  { walkAt: 1, walkEntries: 1_000_000 },
  { walkAt: 1, walkEntries: 2 },
];

async function expectAsReference(query: CompanySearchQuery): Promise<number> {
  const expected = await referenceSearch(orm.em.fork(), query);
  for (const sizing of SIZINGS) {
    const found = await searchCompanies(orm.em.fork(), query, sizing);
    const stop = Math.max(sizing.countStop ?? SEARCH_COUNT_STOP, query.offset + query.limit);
    const firstPageAll = query.offset === 0 && expected.numbers.length < query.limit;
    const totalExact = firstPageAll || expected.total <= stop;
    expect({
      query,
      sizing,
      numbers: found.items.map((item) => item.company_number),
      total: found.total,
      totalExact: found.totalExact,
    }).toEqual({
      query,
      sizing,
      numbers: expected.numbers,
      total: totalExact ? expected.total : stop,
      totalExact,
    });
  }
  return expected.total;
}

const PAGES: readonly (readonly [limit: number, offset: number])[] = [
  [20, 0],
  [1, 0],
  [3, 1],
  [4, 3],
  [5, 4],
  [7, 5],
  [2, 26],
  [10, 25],
  [6, 27],
  [20, 20],
  [20, 40],
  [100, 0],
  [9, 55],
  [20, 1000],
];

describe('pages across the tiers match the single sorted statement', () => {
  it.each([
    ['harbour light'],
    ['Harbour Light Ltd'],
    ['harbour light llp'],
    ['harbour'],
    ['harbour lig'],
    ['harbour l'],
    ['light harbour'],
    ['harb'],
    ['07000001'],
    ['zep harbour'],
    ['zephyrc'],
    ['light lim'],
    ['ab light'],
    ['łódź'],
    ['light'],
    ['harbour light works'],
    ['light homes 8'],
    ['harbour studio'],
    ['łódź light'],
    ['harbour lightæ'],
    ['abbey light'],
    ['quillon harbour'],
    ['harbour quillon light'],
    ['quillon light'],
    ['quillon'],
  ])('%j, every page', async (q) => {
    let total = -1;
    for (const [limit, offset] of PAGES) total = await expectAsReference({ q, limit, offset });
    expect(total).toBeGreaterThan(0);
  });

  it('with filters on the head and the tail', async () => {
    for (const filters of [{ town: 'york' }, { status: 'dissolved' }, { town: 'bath', status: 'active' }])
      for (const [limit, offset] of PAGES)
        await expectAsReference({ q: 'harbour light', ...filters, limit, offset });
  });

  it('for common words of the generated register, first pages and deep ones', async () => {
    const names = (await orm.em.getConnection().execute('select normalised_name from companies')) as {
      normalised_name: string;
    }[];
    const counts = new Map<string, number>();
    for (const { normalised_name } of names) {
      const word = normalised_name.split(' ')[0]!;
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
    const words = [...counts]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, 4)
      .map(([word]) => ({ word }));
    expect(words.length).toBe(4);
    for (const { word } of words)
      for (const [limit, offset] of [
        [20, 0],
        [20, 20],
        [50, 110],
        [7, 3],
      ] as const) {
        expect(await expectAsReference({ q: word, limit, offset })).toBeGreaterThan(20);
        await expectAsReference({ q: word.slice(0, 3), limit, offset });
      }
  });

  it('for filters alone, ordered live first then by name', async () => {
    for (const filters of [
      { town: 'york' },
      { status: 'liquidation' },
      { town: 'bath', status: 'active' },
      { town: 'london' },
    ])
      for (const [limit, offset] of PAGES) await expectAsReference({ ...filters, limit, offset });
  });
});

describe('the walk of a common word', () => {
  /** The plan of a statement, as text, under planner settings that last for that statement's transaction. */
  const planOf = (sql: string, values: readonly unknown[], settings: readonly string[] = []) =>
    orm.em.fork().transactional(async (em) => {
      const connection = em.getConnection();
      for (const setting of settings)
        await connection.execute(`set local ${setting}`, [], 'all', em.getTransactionContext());
      return JSON.stringify(await connection.execute(sql, [...values], 'all', em.getTransactionContext()));
    });

  it('reads the tier index in order and stops at the page; the sorted read never walks it', async () => {
    if (db.database.kind !== 'postgresql') {
      // SQLite is told its index (indexed by); what must hold there is that the index serves the order alone.
      const plan = await planOf(
        'explain query plan select company_number from companies c indexed by companies_within_tier ' +
          `order by ${WITHIN_TIER} limit 5`,
        [],
      );
      expect(plan).toContain('companies_within_tier');
      expect(plan).not.toContain('TEMP B-TREE');
      return;
    }
    const head = (await nameMatch(orm.em.fork(), 'harbour', 'postgresql')).head;
    const walk = walkStatement(['% HARBOUR%'], "'harbour'", head, { bound: 1000, limit: 5, offset: 0 });
    const walked = await planOf(`explain (format json) ${walk.text}`, walk.params);
    expect(walked).toContain('"Node Type":"Index Only Scan"');
    expect(walked).toContain('"Index Name":"companies_within_tier"');
    expect(walked).not.toContain('"Node Type":"Sort"');
    // Sorting made as costly as the planner allows: it then reads the order from the index wherever it can, and the
    // search's sorted read must leave it no way to (search/tail-walk-postgres.ts says why).
    const tierPage = (order: string) =>
      planOf(
        'explain (format json) select c.company_number from companies c ' +
          `where c.name_search @@ to_tsquery('simple', 'harbour') order by ${order} limit 5`,
        [],
        ['enable_sort = off'],
      );
    expect(await tierPage(WITHIN_TIER)).toContain('companies_within_tier');
    expect(await tierPage(WITHIN_TIER_SORTED)).not.toContain('companies_within_tier');
  });
});

describe('a SIC code alone', () => {
  it('pages of a common code (walked in order) and of rare ones (sorted) match the single sorted statement', async () => {
    const codes = (await orm.em
      .getConnection()
      .execute(
        'select sic_code, count(*) as n from company_sic_codes group by sic_code order by count(*) desc, sic_code',
      )) as { sic_code: string; n: number | string }[];
    expect(Number(codes[0]!.n)).toBeGreaterThanOrEqual(400);
    const picked = [codes[0]!, codes[1]!, codes[Math.floor(codes.length / 2)]!, codes[codes.length - 1]!];
    for (const { sic_code } of picked)
      for (const [limit, offset] of PAGES) await expectAsReference({ sicCode: sic_code, limit, offset });
    await expectAsReference({ sicCode: '01230', limit: 20, offset: 0 });
    // Walked pages past the live companies of the code, into the other status ranks; and a page the walk would
    // reach only after most of the register, which is sorted instead.
    for (const offset of [100, 150, 180, 395])
      await expectAsReference({ sicCode: '99999', limit: 20, offset });
  });
});

describe('prefix words', () => {
  it('expand to words a later import adds, and a prefix of no word matches nothing', async () => {
    expect((await searchCompanies(orm.em.fork(), { q: 'quokkaberry', limit: 20, offset: 0 })).total).toBe(0);
    await importRows('later.csv', [csvRow({ [NAME]: 'QUOKKABERRY FARMS LIMITED', [NUMBER]: '07400001' })]);
    const found = await searchCompanies(orm.em.fork(), { q: 'farms quokka', limit: 20, offset: 0 });
    expect(found.items.map((item) => item.company_number)).toEqual(['07400001']);
    await expectAsReference({ q: 'farms quokka', limit: 20, offset: 0 });
  });

  it('expand to the words of a renamed company', async () => {
    await importRows('renamed.csv', [
      csvRow({ [NAME]: 'WOMBATWOOD SUPPLIES LIMITED', [NUMBER]: '07000002' }),
    ]);
    const found = await searchCompanies(orm.em.fork(), { q: 'supplies wombatw', limit: 20, offset: 0 });
    expect(found.items.map((item) => item.company_number)).toEqual(['07000002']);
  });
});
