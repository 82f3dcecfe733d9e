import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/core';
import type { Orm } from '../../src/db/orm';
import { normaliseCompanyName } from '../../src/domain/companies/company-name';
import { getCompany } from '../../src/domain/companies/get-company';
import { searchCompanies, type CompanySearchQuery } from '../../src/domain/companies/search-companies';
import { ServiceError } from '../../src/domain/errors';
import { BASIC_COMPANY_DATA_HEADER_LINE } from '../../src/ingest/companies-house/companies-csv';
import { writeDemoRegisterCsv } from '../../src/demo/demo-register';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import { createTestDatabase, openMigrated, type TestDatabase } from '../support/test-database';
import { CSV_COLUMN, csvRow, SAMPLE_COMPANIES_CSV, templateRow } from '../support/company-csv-rows';

const SAMPLE = SAMPLE_COMPANIES_CSV;
const asOf = new Date('2025-06-01T00:00:00Z');

const { NAME, NUMBER, TOWN, POSTCODE, CATEGORY, STATUS, SIC_1, SIC_2 } = CSV_COLUMN;
const row = csvRow;

const LLP = 'Limited Liability Partnership';
const WIDGETS_SIC = '25990 - Manufacture of other fabricated metal products n.e.c.';

/**
 * Namesakes on purpose: one exact ACME WIDGETS LIMITED (active), a dissolved one of the same name, an LLP, and
 * dozens of names that start with or contain the same words, so the exact one must be picked out of a crowd.
 */
const companies = [
  row({ [NAME]: 'ACME WIDGETS LIMITED', [NUMBER]: '09000001', [SIC_1]: WIDGETS_SIC, [SIC_2]: '' }),
  row({ [NAME]: 'ACME WIDGETS LTD', [NUMBER]: '09000002', [STATUS]: 'Dissolved' }),
  row({
    [NAME]: 'ACME WIDGETS LLP',
    [NUMBER]: 'OC000003',
    [CATEGORY]: LLP,
    [TOWN]: 'LEEDS',
    [POSTCODE]: 'LS1 4AP',
  }),
  row({ [NAME]: 'NEW ACME WIDGETS LIMITED', [NUMBER]: '09000004' }),
  row({ [NAME]: 'THE ACME WIDGETS COMPANY LIMITED', [NUMBER]: '09000005' }),
  row({ [NAME]: 'ACMEWIDGETS LTD', [NUMBER]: '09000006' }),
  row({ [NAME]: 'SMITH & JONES LIMITED', [NUMBER]: '09000007', [TOWN]: 'Manchester', [POSTCODE]: 'M1 1AE' }),
  row({ [NAME]: 'SMITH AND JONES (HOLDINGS) LIMITED', [NUMBER]: '09000008', [POSTCODE]: 'SW1 1AA' }),
  row({ [NAME]: 'SMITHS JONES LIMITED', [NUMBER]: '09000009', [POSTCODE]: 'SW11 1AA' }),
  ...Array.from({ length: 40 }, (_, i) =>
    row({
      [NAME]: `ACME WIDGETS ${['NORTH', 'SOUTH', 'EAST', 'WEST'][i % 4]} ${i + 1} LIMITED`,
      [NUMBER]: `0910${String(i).padStart(4, '0')}`,
      [STATUS]: i % 5 === 0 ? 'Dissolved' : 'Active',
      [SIC_1]: i % 2 === 0 ? WIDGETS_SIC : templateRow[SIC_1]!,
    }),
  ),
];

let db: TestDatabase;
let orm: Orm;
let dir: string;

beforeAll(async () => {
  db = await createTestDatabase();
  orm = await openMigrated(db);
  dir = mkdtempSync(join(tmpdir(), 'cds-register-search-'));
  const made = join(dir, 'namesakes.csv');
  writeFileSync(made, [BASIC_COMPANY_DATA_HEADER_LINE, ...companies, ''].join('\n'));
  const demo = join(dir, 'demo.csv');
  await writeDemoRegisterCsv(createWriteStream(demo), { companies: 2000, seed: 7, asOf });
  for (const file of [SAMPLE, made, demo]) {
    const result = await importCompaniesCsv(orm.em.fork(), file, { asOf });
    expect(result.rejected).toBe(0);
  }
});

afterAll(async () => {
  await orm?.close();
  await db?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const em = (): EntityManager => orm.em.fork();
const count = async (sql: string): Promise<number> =>
  Number(((await orm.em.getConnection().execute(sql)) as { n: number | string }[])[0]!.n);
const search = (query: Partial<CompanySearchQuery>) =>
  searchCompanies(em(), { limit: 20, offset: 0, ...query });
const numbers = async (query: Partial<CompanySearchQuery>) =>
  (await search(query)).items.map((item) => item.company_number);

describe('ranking by name', () => {
  it.each([
    ['ACME WIDGETS LIMITED'],
    ['Acme Widgets Limited'],
    ['acme widgets ltd'],
    ['Acme Widgets Ltd.'],
    ['  ACME   WIDGETS, LIMITED '],
    ['The Acme Widgets Limited'],
  ])('puts the exact name first among dozens of similar ones: %j', async (q) => {
    const found = await numbers({ q });
    expect(found[0]).toBe('09000001');
    // Then the dissolved company of the same name, before any other.
    expect(found[1]).toBe('09000002');
  });

  it('ranks the legal form asked for first, then the same name with other forms', async () => {
    expect((await numbers({ q: 'Acme Widgets LLP' })).slice(0, 3)).toEqual([
      'OC000003',
      '09000001',
      '09000002',
    ]);
    expect((await numbers({ q: 'acme widgets limited liability partnership' }))[0]).toBe('OC000003');
  });

  it('without a legal form, ranks every form of the name before longer names', async () => {
    const found = await numbers({ q: 'acme widgets' });
    // Same tier: live before dissolved, then shorter names first.
    expect(found.slice(0, 3)).toEqual(['OC000003', '09000001', '09000002']);
    expect(found[3]).toMatch(/^0910/);
  });

  it('treats & and AND alike', async () => {
    expect((await numbers({ q: 'Smith and Jones Ltd' }))[0]).toBe('09000007');
    expect((await numbers({ q: 'smith & jones limited' }))[0]).toBe('09000007');
    expect((await numbers({ q: 'SMITH & JONES (HOLDINGS) LTD' }))[0]).toBe('09000008');
  });

  it('ranks names starting with the query before names merely holding its words', async () => {
    const { items } = await search({ q: 'acme widgets', limit: 100 });
    const names = items.map((item) => item.company_name);
    // A leading THE does not count: THE ACME WIDGETS COMPANY LIMITED starts with the query.
    const startsWithQuery = (name: string) => normaliseCompanyName(name).startsWith('ACME WIDGETS');
    const lastPrefix = Math.max(...names.map((name, i) => (startsWithQuery(name) ? i : -1)));
    const firstElsewhere = names.findIndex((name) => !startsWithQuery(name));
    expect(names).toContain('THE ACME WIDGETS COMPANY LIMITED');
    expect(firstElsewhere).toBeGreaterThan(lastPrefix);
    expect(names.slice(firstElsewhere)).toEqual(['NEW ACME WIDGETS LIMITED']);
    // A different word is not a match.
    expect(names).not.toContain('ACMEWIDGETS LTD');
  });

  it('matches words in any order and word prefixes', async () => {
    expect(await numbers({ q: 'widgets new acme' })).toEqual(['09000004']);
    expect(await numbers({ q: 'new acm widg' })).toEqual(['09000004']);
    expect(await numbers({ q: 'acme widgets company' })).toEqual(['09000005']);
  });

  it('matches words of one or two letters whole, not as prefixes', async () => {
    expect(await numbers({ q: 'new acm widg' })).toEqual(['09000004']);
    expect(await numbers({ q: 'new ac widg' })).toEqual([]);
  });

  it('matches a prefix of a name', async () => {
    const found = await search({ q: 'acme widgets nor', limit: 100 });
    expect(found.total).toBe(10);
    expect(found.items.every((item) => item.company_name.startsWith('ACME WIDGETS NORTH'))).toBe(true);
  });

  it('searches legal forms alone by exact name and prefix only (the full-text index leaves them out)', async () => {
    const found = await search({ q: 'Ltd', limit: 100 });
    expect(found.items.every((item) => normaliseCompanyName(item.company_name).startsWith('LIMITED'))).toBe(
      true,
    );
    // The other words still count: "acme ltd" is ACME anything.
    const acme = await search({ q: 'acme ltd', limit: 100 });
    expect(acme.items.map((item) => item.company_number)).toContain('09000001');
    expect(acme.items.every((item) => item.company_name.includes('ACME'))).toBe(true);
    expect(await numbers({ q: 'widgets limited acme' })).toContain('09000001');
  });

  it('finds nothing for words no name has', async () => {
    expect(await search({ q: 'zzyzx quux' })).toEqual({ items: [], total: 0, totalExact: true });
  });
});

describe('by company number', () => {
  it.each([
    ['09000001', '09000001'],
    ['9000001', '09000001'],
    [' oc000003 ', 'OC000003'],
    ['SC412345', 'SC412345'],
    ['sc 412345', 'SC412345'],
  ])('%j finds %s first', async (q, number) => {
    expect((await numbers({ q }))[0]).toBe(number);
  });

  it('returns the summary fields', async () => {
    expect((await search({ q: '09876543' })).items[0]).toEqual({
      company_number: '09876543',
      company_name: 'ACORN LEAF CONSULTING LTD',
      company_status: 'active',
      type: 'ltd',
      date_of_creation: '2015-11-14',
      registered_office_address: { locality: 'LONDON', postal_code: 'EC1V 9HL' },
      sic_codes: ['70229', '62020'],
    });
  });
});

describe('filters', () => {
  it('by status', async () => {
    const found = await search({ q: 'acme widgets', status: 'dissolved', limit: 100 });
    expect(found.total).toBe(9);
    expect(found.items[0]!.company_number).toBe('09000002');
    expect(found.items.every((item) => item.company_status === 'dissolved')).toBe(true);
  });

  it('by SIC code, alone or with a query', async () => {
    const acme = await search({ q: 'acme widgets', sicCode: '25990', limit: 100 });
    expect(acme.total).toBe(21);
    expect(acme.items[0]!.company_number).toBe('09000001');
    expect(acme.items.every((item) => item.sic_codes.includes('25990'))).toBe(true);

    const all = await search({ sicCode: '62020', limit: 100 });
    expect(all.total).toBe(
      await count("select count(*) as n from company_sic_codes where sic_code = '62020'"),
    );
    expect(all.total).toBeGreaterThan(0);
    expect(all.items.every((item) => item.sic_codes.includes('62020'))).toBe(true);
  });

  it('by full postcode, in any case and spacing', async () => {
    expect(await numbers({ postcode: 'ec1v9hl', q: 'acorn' })).toEqual(['09876543']);
    expect(await numbers({ postcode: ' M1 1AE ' })).toEqual(['09000007']);
  });

  it('by outward code, which is not a string prefix', async () => {
    expect(await numbers({ postcode: 'sw1', q: 'smith' })).toEqual(['09000008']);
    expect(await numbers({ postcode: 'SW11', q: 'smith' })).toEqual(['09000009']);
    const ls1 = await search({ postcode: 'LS1', limit: 100 });
    expect(ls1.items.length).toBeGreaterThan(0);
    expect(ls1.items.every((item) => /^LS1 /.test(item.registered_office_address.postal_code!))).toBe(true);
  });

  it('by town, case-insensitive', async () => {
    expect(await numbers({ town: 'manchester', q: 'smith jones' })).toEqual(['09000007']);
    const manchester = await search({ town: 'manchester', limit: 100 });
    expect(manchester.total).toBe(
      await count("select count(*) as n from companies where upper(locality) = 'MANCHESTER'"),
    );
    expect(
      manchester.items.every(
        (item) => item.registered_office_address.locality?.toUpperCase() === 'MANCHESTER',
      ),
    ).toBe(true);
    expect(await numbers({ town: 'Leeds', q: 'acme widgets' })).toEqual(['OC000003']);
  });

  it('by several filters at once', async () => {
    const found = await search({ town: 'london', status: 'liquidation', q: 'red kite' });
    expect(found.items.map((item) => item.company_number)).toEqual(['11223344']);
  });
});

describe('paging and order', () => {
  it('pages through one deterministic order with a stable total', async () => {
    const whole = await search({ q: 'acme', limit: 100 });
    expect(whole.total).toBeGreaterThan(45);
    const pages: string[] = [];
    for (let offset = 0; offset < whole.total; offset += 7) {
      const page = await search({ q: 'acme', limit: 7, offset });
      expect(page.total).toBe(whole.total);
      pages.push(...page.items.map((item) => item.company_number));
    }
    expect(pages).toEqual(whole.items.map((item) => item.company_number).slice(0, whole.total));
    expect(new Set(pages).size).toBe(pages.length);
    expect((await search({ q: 'acme', limit: 100 })).items).toEqual(whole.items);
  });

  it('orders a filter-only search live first, then by name', async () => {
    const { items } = await search({ town: 'london', limit: 100 });
    const live = items.filter((item) => item.company_status === 'active');
    expect(items.slice(0, live.length)).toEqual(live);
    const names = live.map((item) => normaliseCompanyName(item.company_name));
    expect(names).toEqual(names.slice().sort());
  });

  it('answers an offset past the end with no items and the total', async () => {
    const found = await search({ q: 'smith', offset: 1000 });
    expect(found.items).toEqual([]);
    expect(found.total).toBeGreaterThanOrEqual(3);
  });
});

describe('bad arguments', () => {
  it.each([
    [{ q: '   ' }, 'q'],
    [{ q: '.,-' }, 'q'],
    [{ status: 'sleeping' }, 'status'],
    [{ sicCode: 'IT' }, 'sic_code'],
    [{ postcode: 'NOWHERE' }, 'postcode'],
    [{ town: ' ' }, 'town'],
    [{ limit: 0 }, 'limit'],
    [{ limit: 101 }, 'limit'],
    [{ offset: -1 }, 'offset'],
  ])('%j is an invalid argument naming %s', async (query, argument) => {
    const error = await search(query as Partial<CompanySearchQuery>).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'invalid_argument', details: { argument } });
  });
});

describe('getCompany', () => {
  it('reads a company by number as typed', async () => {
    expect((await getCompany(em(), ' oc000003 '))?.company_name).toBe('ACME WIDGETS LLP');
  });

  it('is undefined for a number the register lacks', async () => {
    expect(await getCompany(em(), '00000001')).toBeUndefined();
  });

  it('refuses a malformed number', async () => {
    const error = await getCompany(em(), 'AB12345X').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'invalid_company_number' });
  });

  it('computes overdue flags for the day asked, not the day imported', async () => {
    // RED KITE ROOFING: accounts due 31/12/2024, confirmation statement due 19/03/2025.
    const before = await getCompany(em(), '11223344', new Date('2024-12-31T12:00:00Z'));
    const after = await getCompany(em(), '11223344', new Date('2025-04-01T00:00:00Z'));
    expect(before?.accounts.overdue).toBe(false);
    expect(before?.confirmation_statement.overdue).toBe(false);
    expect(after?.accounts.overdue).toBe(true);
    expect(after?.confirmation_statement.overdue).toBe(true);
  });
});
