import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Client } from 'pg';
import type { Config } from '../src/config';
import type { Orm } from '../src/db/orm';
import { dialectOf } from '../src/domain/companies/register-sql';
import type { BenchDatabase } from './api-options';

/*
 * The store a bench:api run measures, private to the run: a SQLite file in the run's temporary directory, or a
 * database of its own on a PostgreSQL server (bench_api_<time>), created empty and dropped at the end, also on
 * Ctrl-C (the caller puts drop() on its stop stack before opening the database, so it runs after the close).
 */

export interface BenchStore {
  database: Config['database'];
  /** What the report calls it: the SQLite file, or the PostgreSQL database's name and server. */
  description: string;
  /** The DATABASE_URL the service is configured with; undefined for SQLite under DATA_DIR. */
  databaseUrl?: string;
  drop(): Promise<void>;
}

export async function createBenchStore(
  kind: BenchDatabase,
  serverUrl: string,
  tempDir: string,
): Promise<BenchStore> {
  if (kind === 'sqlite') {
    const path = join(tempDir, 'data', 'app.db');
    // The temporary directory, removed by the caller, holds the file.
    return { database: { kind: 'sqlite', path }, description: `SQLite ${path}`, drop: async () => {} };
  }
  const stamp = new Date()
    .toISOString()
    .replace(/[-:T]/g, '')
    .replace(/\.\d+Z$/, '');
  // A suffix too, so two runs started in the same second do not collide; both are [0-9a-f_] only.
  const name = `bench_api_${stamp}_${randomBytes(2).toString('hex')}`;
  await withServer(serverUrl, (admin) => admin.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const server = new URL(serverUrl);
  server.password = '';
  return {
    database: { kind: 'postgresql', url: url.toString() },
    databaseUrl: url.toString(),
    description: `PostgreSQL database ${name} on ${server.host}`,
    drop: () => withServer(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`)),
  };
}

async function withServer(serverUrl: string, use: (client: Client) => Promise<unknown>): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await use(client);
  } finally {
    await client.end();
  }
}

/** The PostgreSQL server's version, for the report; undefined on SQLite. */
export async function serverVersion(orm: Orm): Promise<string | undefined> {
  if (dialectOf(orm.em) !== 'postgresql') return undefined;
  const [row] = (await orm.em.fork().getConnection().execute('show server_version')) as [
    { server_version: string },
  ];
  return row.server_version;
}

export interface SampledCompany {
  company_number: string;
  company_name: string;
}

/**
 * Real numbers and names from the register, the same for the same seed: by rowid on SQLite; on PostgreSQL a
 * repeatable Bernoulli sample (every row equally likely; a page sample would return neighbours) taken down to
 * `size` with the seeded generator.
 */
export async function sampleCompanies(
  orm: Orm,
  size: number,
  random: () => number,
): Promise<SampledCompany[]> {
  const connection = orm.em.fork().getConnection();
  let rows: SampledCompany[];
  if (dialectOf(orm.em) === 'postgresql') {
    const [{ total }] = (await connection.execute('select count(*) as total from companies')) as [
      { total: string },
    ];
    const percent = Math.min(100, (100 * 2 * size) / Math.max(1, Number(total)));
    const candidates = (await connection.execute(
      `select company_number, company_name from companies tablesample bernoulli (${percent.toFixed(6)}) ` +
        `repeatable (${Math.floor(random() * 2 ** 31)}) order by company_number`,
    )) as SampledCompany[];
    rows = [];
    while (rows.length < size && candidates.length > 0)
      rows.push(candidates.splice(Math.floor(random() * candidates.length), 1)[0]!);
  } else {
    const [{ top }] = (await connection.execute('select max(rowid) as top from companies')) as [
      { top: number },
    ];
    const rowids = new Set<number>();
    while (rowids.size < Math.min(size, top)) rowids.add(1 + Math.floor(random() * top));
    const ids = [...rowids];
    rows = [];
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      rows.push(
        ...((await connection.execute(
          `select company_number, company_name from companies where rowid in (${chunk.map(() => '?').join(',')})`,
          chunk,
        )) as SampledCompany[]),
      );
    }
  }
  if (rows.length === 0) throw new Error('the register is empty: nothing to sample');
  return rows;
}
