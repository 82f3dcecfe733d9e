import {
  createReadStream,
  createWriteStream,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/core';
import type { Orm } from '../../src/db/orm';
import type { CompanyProfile } from '../../src/domain/companies/company-profile';
import { getCompany } from '../../src/domain/companies/get-company';
import { searchCompanies } from '../../src/domain/companies/search-companies';
import { CompaniesCsvHeaderError, parseCompaniesCsv } from '../../src/ingest/companies-house/companies-csv';
import { seedDemoRegisterIfEmpty } from '../../src/demo/demo-data';
import { writeDemoRegisterCsv } from '../../src/demo/demo-register';
import {
  importCompaniesCsv,
  type ImportCompaniesOptions,
} from '../../src/ingest/companies-house/import-companies';
import type { Logger } from '../../src/logger';
import { createTestDatabase, openMigrated, type TestDatabase } from '../support/test-database';
import { emptySqliteNameIndexes } from '../support/name-indexes';

const fixtures = join(__dirname, '../fixtures/companies');
const SAMPLE = join(fixtures, 'basic-company-data-sample.csv');
const BAD_ROWS = join(fixtures, 'basic-company-data-bad-rows.csv');
const asOf = new Date('2025-06-01T00:00:00Z');

let db: TestDatabase;
let orm: Orm;
let dir: string;

beforeAll(async () => {
  db = await createTestDatabase();
  orm = await openMigrated(db);
  dir = mkdtempSync(join(tmpdir(), 'cds-register-import-'));
});

afterAll(async () => {
  await orm?.close();
  await db?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Each test starts from an empty register. */
beforeEach(async () => {
  const connection = orm.em.getConnection();
  for (const table of ['company_sic_codes', 'companies', 'sic_codes', 'import_runs'])
    await connection.execute(`delete from ${table}`);
  if (db.database.kind === 'sqlite') await emptySqliteNameIndexes(connection);
});

const em = (): EntityManager => orm.em.fork();
const importFile = (file: string, options: ImportCompaniesOptions = {}) =>
  importCompaniesCsv(em(), file, { asOf, ...options });

async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await orm.em.getConnection().execute(sql, params)) as T[];
}

async function count(sql: string, params: unknown[] = []): Promise<number> {
  return Number((await query<{ n: number | string }>(sql, params))[0]!.n);
}

async function storedNumbers(): Promise<string[]> {
  const rows = await query<{ company_number: string }>(
    'select company_number from companies order by company_number',
  );
  return rows.map((row) => row.company_number);
}

async function parsedProfiles(file: string): Promise<CompanyProfile[]> {
  const out: CompanyProfile[] = [];
  for await (const entry of parseCompaniesCsv(createReadStream(file), { asOf }))
    if ('profile' in entry) out.push(entry.profile);
  return out;
}

async function demoFile(companies: number, seed = 5): Promise<string> {
  const file = join(dir, `demo-${companies}-${seed}.csv`);
  await writeDemoRegisterCsv(createWriteStream(file), { companies, seed, asOf });
  return file;
}

describe('importing the bulk company CSV', () => {
  it('stores every row of the sample and reads each back as the profile the parser made', async () => {
    const result = await importFile(SAMPLE);
    expect(result).toMatchObject({
      status: 'completed',
      resumed_from_line: null,
      rows: 11,
      inserted: 11,
      updated: 0,
      rejected: 0,
      errors: [],
    });
    expect(await count('select count(*) as n from companies')).toBe(11);

    const expected = await parsedProfiles(SAMPLE);
    expect(expected).toHaveLength(11);
    for (const profile of expected) {
      expect(await getCompany(em(), profile.company_number, asOf)).toEqual(profile);
    }
  });

  it('keeps SIC codes one per row and their descriptions once', async () => {
    await importFile(SAMPLE);
    const codes = await query<{ sic_code: string }>(
      "select sic_code from company_sic_codes where company_number = '09876543' order by sic_code",
    );
    expect(codes.map((row) => row.sic_code)).toEqual(['62020', '70229']);
    const description = await query<{ description: string }>(
      "select description from sic_codes where code = '70229'",
    );
    expect(description).toEqual([
      { description: 'Management consultancy activities other than financial management' },
    ]);
  });

  it('rejects malformed rows with their line numbers and imports the rest', async () => {
    const seen: number[] = [];
    const result = await importFile(BAD_ROWS, { onReject: (row) => seen.push(row.line) });
    expect(result).toMatchObject({ status: 'completed', rows: 8, inserted: 4, updated: 0, rejected: 4 });
    expect(result.errors).toEqual([
      { line: 3, error: 'expected 55 fields, found 54' },
      { line: 5, error: 'IncorporationDate: invalid date "31/02/2020" (expected DD/MM/YYYY)' },
      { line: 6, error: 'CompanyNumber: invalid company number "AB12345X"' },
      {
        line: 9,
        error: 'SICCode.SicText_1: not a SIC text "Management consultancy" (expected "70229 - …")',
      },
    ]);
    expect(seen).toEqual([3, 5, 6, 9]);
    expect(await storedNumbers()).toEqual(['01234567', '09876543', '11223344', 'SC412345']);
    // The row spanning lines 7 and 8 keeps its line break.
    expect((await getCompany(em(), '11223344'))?.registered_office_address.address_line_1).toBe(
      '2ND FLOOR\n110 CANNON STREET',
    );
  });

  it('lists only the first rejected rows but counts them all', async () => {
    const result = await importFile(BAD_ROWS, { maxReportedErrors: 2 });
    expect(result.rejected).toBe(4);
    expect(result.errors.map((row) => row.line)).toEqual([3, 5]);
  });

  it('updates on a second import instead of duplicating', async () => {
    await importFile(SAMPLE);
    const sicRows = await count('select count(*) as n from company_sic_codes');
    const again = await importFile(SAMPLE);
    expect(again).toMatchObject({ status: 'completed', rows: 11, inserted: 0, updated: 11, rejected: 0 });
    expect(await count('select count(*) as n from companies')).toBe(11);
    expect(await count('select count(*) as n from company_sic_codes')).toBe(sicRows);
    if (db.database.kind === 'sqlite')
      expect(await count('select count(*) as n from companies_fts')).toBe(11);
  });

  it('applies changed rows: a new name is searchable and the old one is gone', async () => {
    await importFile(SAMPLE);
    const changed = join(dir, 'renamed.csv');
    writeFileSync(
      changed,
      readFileSync(SAMPLE, 'utf8')
        .replace('"ACORN LEAF CONSULTING LTD"', '"ZEPHYR QUILL ADVISORY LTD"')
        .replace('"62020 - Information technology consultancy activities"', '""'),
    );
    const result = await importFile(changed);
    expect(result).toMatchObject({ inserted: 0, updated: 11 });
    const company = await getCompany(em(), '09876543');
    expect(company?.company_name).toBe('ZEPHYR QUILL ADVISORY LTD');
    expect(company?.sic_codes).toEqual(['70229']);
    const byNewWords = await searchCompanies(em(), { q: 'quill zephyr', limit: 10, offset: 0 });
    expect(byNewWords.items.map((item) => item.company_number)).toEqual(['09876543']);
    const byOldWords = await searchCompanies(em(), { q: 'acorn leaf', limit: 10, offset: 0 });
    expect(byOldWords.total).toBe(0);
    const bySic = await searchCompanies(em(), { sicCode: '62020', limit: 10, offset: 0 });
    expect(bySic.items.map((item) => item.company_number)).not.toContain('09876543');
  });

  it('refuses a file whose header is not the BasicCompanyData one, writing nothing', async () => {
    const wrong = join(dir, 'wrong-header.csv');
    writeFileSync(wrong, readFileSync(SAMPLE, 'utf8').replace('CompanyName,', 'Name,'));
    await expect(importFile(wrong)).rejects.toBeInstanceOf(CompaniesCsvHeaderError);
    await expect(importFile(wrong, { parseInWorker: true })).rejects.toBeInstanceOf(CompaniesCsvHeaderError);
    expect(await count('select count(*) as n from import_runs')).toBe(0);
    expect(await count('select count(*) as n from companies')).toBe(0);
  });

  it('gives the same result when the parser runs in a worker thread', async () => {
    const result = await importFile(BAD_ROWS, { parseInWorker: true, batchSize: 3 });
    expect(result).toMatchObject({ rows: 8, inserted: 4, rejected: 4 });
    expect(result.errors.map((row) => row.line)).toEqual([3, 5, 6, 9]);
    expect(await storedNumbers()).toEqual(['01234567', '09876543', '11223344', 'SC412345']);
  });
});

describe('resuming an interrupted import', () => {
  it.each([
    ['in this thread', false],
    ['in a worker thread', true],
  ])('stops at a limit and resumes after the checkpoint (parsing %s)', async (_how, parseInWorker) => {
    const file = await demoFile(1000);
    const all = (await parsedProfiles(file)).map((profile) => profile.company_number).sort();

    const first = await importFile(file, { batchSize: 100, limit: 250, parseInWorker });
    expect(first).toMatchObject({ status: 'stopped', rows: 250, inserted: 250 });
    expect(await count('select count(*) as n from companies')).toBe(250);
    const checkpoint = await query<{ status: string; last_line: number }>(
      'select status, last_line from import_runs',
    );
    expect(checkpoint).toEqual([{ status: 'running', last_line: 251 }]);

    const second = await importFile(file, { batchSize: 100, parseInWorker });
    expect(second).toMatchObject({
      run_id: first.run_id,
      status: 'completed',
      resumed_from_line: 252,
      rows: 750,
      inserted: 750,
      updated: 0,
      run_totals: { rows: 1000, inserted: 1000, updated: 0, rejected: 0 },
    });
    expect(await storedNumbers()).toEqual(all);

    // Finished: the same file again is a new run over every row, all of them updates.
    const third = await importFile(file, { batchSize: 100, parseInWorker });
    expect(third).toMatchObject({ resumed_from_line: null, rows: 1000, inserted: 0, updated: 1000 });
  });

  it('loses nothing and repeats nothing after a crash between batches', async () => {
    const file = await demoFile(600, 9);
    let progressCalls = 0;
    await expect(
      importFile(file, {
        batchSize: 100,
        progressIntervalMs: 0,
        onProgress: () => {
          // The process dies right after its second commit, with a further batch already parsed.
          if (++progressCalls === 2) throw new Error('simulated crash');
        },
      }),
    ).rejects.toThrow('simulated crash');
    expect(await count('select count(*) as n from companies')).toBe(200);

    const resumed = await importFile(file, { batchSize: 100 });
    expect(resumed).toMatchObject({
      status: 'completed',
      resumed_from_line: 202,
      rows: 400,
      inserted: 400,
      updated: 0,
    });
    expect(await count('select count(*) as n from companies')).toBe(600);
  });

  it('stops when signalled, after committing the batch in hand', async () => {
    const file = await demoFile(500, 11);
    const controller = new AbortController();
    const stopped = await importFile(file, {
      batchSize: 100,
      progressIntervalMs: 0,
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    expect(stopped.status).toBe('stopped');
    expect(stopped.rows).toBe(200);
    const resumed = await importFile(file, { batchSize: 100 });
    expect(resumed).toMatchObject({ status: 'completed', rows: 300, run_totals: { rows: 500 } });
    expect(await count('select count(*) as n from companies')).toBe(500);
  });

  it('starts over when asked, abandoning the unfinished run', async () => {
    const file = await demoFile(300, 13);
    const first = await importFile(file, { batchSize: 100, limit: 100 });
    const again = await importFile(file, { batchSize: 100, restart: true });
    expect(again.run_id).not.toBe(first.run_id);
    expect(again).toMatchObject({ resumed_from_line: null, rows: 300, inserted: 200, updated: 100 });
    const runs = await query<{ id: string; status: string }>(
      'select id, status from import_runs order by started_at',
    );
    expect(runs).toEqual([
      { id: first.run_id, status: 'abandoned' },
      { id: again.run_id, status: 'completed' },
    ]);
  });

  it('does not resume a file that changed since', async () => {
    const file = join(dir, 'growing.csv');
    writeFileSync(file, readFileSync(SAMPLE, 'utf8'));
    await importFile(file, { batchSize: 5, limit: 5 });
    writeFileSync(file, readFileSync(SAMPLE, 'utf8') + readFileSync(SAMPLE, 'utf8').split('\n')[1] + '\n');
    const next = await importFile(file, { batchSize: 5 });
    expect(next.resumed_from_line).toBeNull();
    expect(next.rows).toBe(12);
  });
});

describe('demo register seeding', () => {
  it('seeds an empty register once, and says so', async () => {
    const info = jest.fn();
    const logger = { info } as unknown as Logger;
    expect(await seedDemoRegisterIfEmpty(orm, logger, { companies: 50, asOf })).toBe(50);
    expect(info).toHaveBeenCalledWith(
      expect.objectContaining({ companies: 50 }),
      'seeded the demo register with 50 companies and their details',
    );
    expect(await count('select count(*) as n from companies')).toBe(50);

    expect(await seedDemoRegisterIfEmpty(orm, logger, { companies: 50, asOf })).toBe(0);
    expect(info).toHaveBeenCalledTimes(1);
    expect(await count('select count(*) as n from companies')).toBe(50);
  });
});
