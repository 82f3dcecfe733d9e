import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, openDatabase, type Orm } from '../../src/db/orm';
import { writeDemoRegisterCsv } from '../../src/demo/demo-register';
import { mulberry32 } from '../../src/demo/seeded-random';
import { searchCompanies } from '../../src/domain/companies/search-companies';
import {
  importCompaniesCsv,
  type ImportCompaniesOptions,
} from '../../src/ingest/companies-house/import-companies';

/*
 * After a large import the SQLite writer merges the full-text index into one segment (settle() in
 * sqlite-register-writer.ts), so a search looks each word up once instead of in every segment the batches left.
 * The merge must change nothing a search answers, and must happen only after a run that read its whole file and
 * inserted enough companies. FTS5's segments are SQLite's: this file opens SQLite stores of its own whatever
 * TEST_DATABASE_URL says.
 */

const asOf = new Date('2025-06-01T00:00:00Z');
const COMPANIES = 3_000;
/** Small batches: each is a transaction, and each transaction writes full-text segments of its own. */
const BATCH = 100;

let dir: string;
let file: string;
const opened: Orm[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cds-full-text-merge-'));
  file = join(dir, 'register.csv');
  await writeDemoRegisterCsv(createWriteStream(file), { companies: COMPANIES, seed: 11, asOf });
});

afterAll(async () => {
  for (const orm of opened) await orm.close();
  rmSync(dir, { recursive: true, force: true });
});

async function imported(name: string, options: ImportCompaniesOptions): Promise<Orm> {
  const orm = await openDatabase({ kind: 'sqlite', path: join(dir, `${name}.db`) });
  opened.push(orm);
  await migrate(orm);
  await importCompaniesCsv(orm.em.fork(), file, { asOf, batchSize: BATCH, ...options });
  return orm;
}

/** An index's segments: each has at least one row in FTS5's %_idx table, keyed by its segment id. */
async function segments(orm: Orm, index = 'companies_fts'): Promise<number> {
  const [row] = (await orm.em
    .getConnection()
    .execute(`select count(distinct segid) as n from ${index}_idx`)) as [{ n: number }];
  return Number(row.n);
}

/** Names' words, single words and whole names of the register, as searches. */
async function queries(orm: Orm): Promise<string[]> {
  const rows = (await orm.em
    .getConnection()
    .execute('select company_name from companies order by company_number')) as { company_name: string }[];
  const random = mulberry32(3);
  const picked: string[] = [];
  for (let i = 0; i < 40; i++) {
    const name = rows[Math.floor(random() * rows.length)]!.company_name;
    const words = name.split(' ');
    picked.push(name, words[Math.floor(random() * words.length)]!, words.slice(0, 2).join(' '));
    picked.push(words[0]!.slice(0, 3));
  }
  return picked;
}

async function answers(orm: Orm, qs: readonly string[]): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const q of qs) {
    for (const offset of [0, 20]) {
      const result = await searchCompanies(orm.em.fork(), { q, limit: 20, offset });
      out.push({ q, offset, total: result.total, numbers: result.items.map((c) => c.company_number) });
    }
  }
  return out;
}

describe('the full-text index after an import (SQLite)', () => {
  it('is merged into one segment after a large run, and every search answers as before', async () => {
    const unmerged = await imported('unmerged', { writer: { mergeFullTextAfterInserts: COMPANIES + 1 } });
    const merged = await imported('merged', { writer: { mergeFullTextAfterInserts: COMPANIES } });
    // Thirty transactions leave several segments however FTS5 merges them as it goes.
    expect(await segments(unmerged)).toBeGreaterThan(1);
    expect(await segments(merged)).toBe(1);
    // The pair index (search/name-pairs.ts) too.
    expect(await segments(unmerged, 'company_name_pairs')).toBeGreaterThan(1);
    expect(await segments(merged, 'company_name_pairs')).toBe(1);

    const qs = await queries(unmerged);
    const before = await answers(unmerged, qs);
    expect(before.some((a) => (a as { total: number }).total > 20)).toBe(true);
    expect(await answers(merged, qs)).toEqual(before);
  });

  it('is left as it is when the run stopped before the end of its file', async () => {
    const stopped = await imported('stopped', {
      limit: COMPANIES - BATCH,
      writer: { mergeFullTextAfterInserts: BATCH },
    });
    expect(await segments(stopped)).toBeGreaterThan(1);
  });

  it('is merged by the run that finishes a resumed import, counting what the runs it resumed inserted', async () => {
    // Neither run inserts 2,500 companies on its own; together they insert 3,000.
    const writer = { mergeFullTextAfterInserts: 2_500 };
    const orm = await imported('resumed', { limit: 1_000, writer });
    expect(await segments(orm)).toBeGreaterThan(1);
    const finished = await importCompaniesCsv(orm.em.fork(), file, { asOf, batchSize: BATCH, writer });
    expect(finished).toMatchObject({
      status: 'completed',
      inserted: COMPANIES - 1_000,
      run_totals: { inserted: COMPANIES },
    });
    expect(await segments(orm)).toBe(1);
  });
});
