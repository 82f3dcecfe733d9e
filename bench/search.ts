/**
 * `npm run bench:search [-- --companies 1000000 --queries 200 --seed 1]`, or `-- --database PATH|postgres://…` for a
 * register already loaded: search_companies' SQL measured directly (no HTTP), the tiered search of issue 15
 * against the single sorted statement it replaced (test/support/search-reference.ts), on the same queries in the
 * same run, with the answers compared. Both run on the migrated schema, so the old statement also gets the indexes
 * of migration 0018 (a filter-only search of a town is then ordered from an index on both sides).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { EntityManager } from '@mikro-orm/core';
import { migrate, openDatabase } from '../src/db/orm';
import { nameStem } from '../src/domain/companies/company-name';
import {
  SEARCH_COUNT_STOP,
  searchCompanies,
  type CompanySearchQuery,
} from '../src/domain/companies/search-companies';
import { dialectOf } from '../src/domain/companies/register-sql';
import { importDemoRegister } from '../src/demo/demo-data';
import { referenceSearch } from '../test/support/search-reference';
import {
  formatTable,
  machineAndCommit,
  nearestRank,
  progress,
  runBenchmark,
  wholeNumberOption,
} from './harness';

type Query = Omit<CompanySearchQuery, 'limit' | 'offset'> & { limit?: number; offset?: number };

const KINDS: Record<string, (name: string, row: SampleRow) => Query> = {
  // As bench:api sends it: the name without its legal form.
  'name words': (name) => ({ q: nameStem(name) }),
  'exact name': (name) => ({ q: name }),
  'first word': (name) => ({ q: name.split(' ')[0]! }),
  'first word page 3': (name) => ({ q: name.split(' ')[0]!, offset: 40 }),
  // A word inside names: its first page comes from the full-text tier (a common one's is walked in order).
  'second word': (name) => ({ q: name.split(' ')[1] ?? name }),
  'name words + town': (name, row) => ({ q: nameStem(name), town: row.locality_key ?? 'LONDON' }),
  town: (_, row) => ({ town: row.locality_key ?? 'LONDON' }),
  'town + status': (_, row) => ({ town: row.locality_key ?? 'LONDON', status: row.company_status }),
  status: (_, row) => ({ status: row.company_status }),
  'sic code': (_, row) => ({ sicCode: (JSON.parse(row.sic_codes) as string[])[0] ?? '99999' }),
  'sic code page 3': (_, row) => ({
    sicCode: (JSON.parse(row.sic_codes) as string[])[0] ?? '99999',
    offset: 40,
  }),
};

interface SampleRow {
  normalised_name: string;
  locality_key: string | null;
  company_status: string;
  sic_codes: string;
}

const median = (xs: number[]) => nearestRank(xs, 50);

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      companies: { type: 'string' },
      queries: { type: 'string' },
      seed: { type: 'string' },
      database: { type: 'string' },
      kinds: { type: 'string' },
    },
  });
  const queries = wholeNumberOption('queries', values.queries, 100, 1);
  const seed = wholeNumberOption('seed', values.seed, 1, 0);
  const kinds = values.kinds ? values.kinds.split(',') : Object.keys(KINDS);
  const dir = values.database ? undefined : mkdtempSync(join(tmpdir(), 'cds-bench-search-'));
  const database = values.database?.startsWith('postgres')
    ? { kind: 'postgresql' as const, url: values.database }
    : {
        kind: 'sqlite' as const,
        path: values.database ? resolve(values.database) : join(dir!, 'register.db'),
      };
  const orm = await openDatabase(database);
  try {
    await migrate(orm);
    if (!values.database) {
      const companies = wholeNumberOption('companies', values.companies, 1_000_000, 1);
      progress(`generating and importing ${companies} companies`);
      await importDemoRegister(orm.em.fork(), { companies, seed, asOf: new Date('2025-06-01T00:00:00Z') });
    }
    const em = (): EntityManager => orm.em.fork();
    const sample = await sampleRows(em(), queries, seed);
    const table = [
      ['queries', 'n', 'old median ms', 'new median ms', 'old p95', 'new p95', 'ratio (median)', 'differ'],
    ];
    const results: Record<string, unknown> = {};
    for (const kind of kinds) {
      const make = KINDS[kind];
      if (!make) throw new Error(`unknown kind ${kind}; one of ${Object.keys(KINDS).join(', ')}`);
      const old: number[] = [];
      const now: number[] = [];
      let differ = 0;
      for (const row of sample) {
        const query = { limit: 20, offset: 0, ...make(row.normalised_name, row) };
        let t = process.hrtime.bigint();
        const reference = await referenceSearch(em(), query);
        old.push(Number(process.hrtime.bigint() - t) / 1e6);
        t = process.hrtime.bigint();
        const found = await searchCompanies(em(), query);
        now.push(Number(process.hrtime.bigint() - t) / 1e6);
        const numbers = found.items.map((item) => item.company_number);
        // Counting stops past SEARCH_COUNT_STOP: the total is then the stop, said to be inexact.
        const total = reference.total > SEARCH_COUNT_STOP ? SEARCH_COUNT_STOP : reference.total;
        const exact = reference.total <= SEARCH_COUNT_STOP;
        if (
          found.total !== total ||
          found.totalExact !== exact ||
          numbers.join() !== reference.numbers.join()
        )
          differ++;
      }
      old.sort((a, b) => a - b);
      now.sort((a, b) => a - b);
      const ratio = median(old) / median(now);
      results[kind] = {
        old: { median: median(old), p95: nearestRank(old, 95) },
        new: { median: median(now), p95: nearestRank(now, 95) },
        ratio,
        differ,
      };
      table.push([
        kind,
        String(sample.length),
        median(old).toFixed(2),
        median(now).toFixed(2),
        nearestRank(old, 95).toFixed(2),
        nearestRank(now, 95).toFixed(2),
        ratio.toFixed(1),
        String(differ),
      ]);
      progress(`${kind}: done`);
    }
    console.log(
      `\nsearch_companies SQL on ${dialectOf(orm.em)}, ${sample.length} sampled companies, limit 20`,
    );
    console.log(formatTable(table));
    console.log(JSON.stringify({ results, ...machineAndCommit(resolve(__dirname, '..')) }));
    if (Object.values(results).some((r) => (r as { differ: number }).differ > 0)) process.exitCode = 1;
  } finally {
    await orm.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

/** `n` companies picked at seeded random positions in company number order: the same on every run of one register. */
async function sampleRows(em: EntityManager, n: number, seed: number): Promise<SampleRow[]> {
  const connection = em.getConnection();
  const counted = (await connection.execute('select count(*) as total from companies')) as {
    total: number | string;
  }[];
  const total = Number(counted[0]!.total);
  let state = seed * 2654435761 + 1;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const rows: SampleRow[] = [];
  for (let i = 0; i < n; i++) {
    const offset = Math.floor(next() * total);
    const found = (await connection.execute(
      'select normalised_name, locality_key, company_status, sic_codes from companies order by company_number limit 1 offset ?',
      [offset],
    )) as SampleRow[];
    rows.push(found[0]!);
  }
  return rows;
}

runBenchmark(main);
