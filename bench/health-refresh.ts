/**
 * `npm run bench:health-refresh [-- --companies 200000 --database sqlite|postgres --store <path or db name>]`:
 * scoring a whole register after an import (issue 15), the refresh as it was and as it is, one after the other on
 * the same store in the same run:
 * - per-entity: the refresh with scoreCompaniesHealth as its scorer (loadHealthFacts: the ORM's entities, the
 *   path get_health_score takes for one company);
 * - batch: the refresh's own scorer (store/score-stored-companies.ts: plain rows, one statement per table per
 *   batch).
 * Both write through the refresh's multi-row upsert. Before each, every company is queued again (not timed);
 * each drains the whole queue with drainHealthScores. The stored rows after each are hashed: they must be equal,
 * or the run fails. Reported: companies/s of each and the ratio batch / per-entity.
 *
 * The register is generated once (the demo generator's bulk CSV through the real importer, no details: what a
 * register import leaves) and kept for the next run: a SQLite file (`--store`, default
 * /tmp/health/register-<companies>.db), or with `--database postgres` a database named by `--store` (default
 * bench_health_<companies>) on the server of `--database-url` / BENCH_DATABASE_URL. `--drop` removes it after.
 */
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { EntityManager } from '@mikro-orm/core';
import { Client } from 'pg';
import type { Config } from '../src/config';
import { migrate, openDatabase, type Orm } from '../src/db/orm';
import { writeDemoRegisterCsv } from '../src/demo/demo-register';
import { dialectOf } from '../src/domain/companies/register-sql';
import { scoreCompaniesHealth } from '../src/domain/health/score-company';
import { drainHealthScores, type HealthScorer } from '../src/domain/health/store/refresh-health-scores';
import { importCompaniesCsv } from '../src/ingest/companies-house/import-companies';
import { progress, wholeNumberOption } from './harness';

const AS_OF = new Date('2026-11-01T00:00:00Z');

const { values } = parseArgs({
  options: {
    companies: { type: 'string' },
    database: { type: 'string' },
    store: { type: 'string' },
    'database-url': { type: 'string' },
    drop: { type: 'boolean' },
  },
});
const companies = wholeNumberOption('companies', values.companies, 200_000, 100);
const kind = values.database === 'postgres' || values.database === 'postgresql' ? 'postgresql' : 'sqlite';
if (values.database !== undefined && kind === 'sqlite' && values.database !== 'sqlite')
  throw new Error(`--database must be sqlite or postgres, got ${values.database}`);

interface Run {
  label: string;
  seconds: number;
  companiesPerSecond: number;
  storedHash: string;
}

async function serverQuery(serverUrl: string, sql: string): Promise<{ rows: unknown[] }> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The store, and whether it already holds the register. */
async function openStore(): Promise<{
  database: Config['database'];
  existed: boolean;
  drop(): Promise<void>;
}> {
  if (kind === 'sqlite') {
    const path = values.store ?? `/tmp/health/register-${companies}.db`;
    mkdirSync(dirname(path), { recursive: true });
    const drop = async () => {
      for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
    };
    return { database: { kind: 'sqlite', path }, existed: existsSync(path), drop };
  }
  const serverUrl = values['database-url'] ?? process.env.BENCH_DATABASE_URL;
  if (!serverUrl) throw new Error('--database postgres needs --database-url or BENCH_DATABASE_URL');
  const name = values.store ?? `bench_health_${companies}`;
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`--store must be [a-z0-9_]+ on PostgreSQL, got ${name}`);
  const found = await serverQuery(serverUrl, `select 1 from pg_database where datname = '${name}'`);
  if (found.rows.length === 0) await serverQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    database: { kind: 'postgresql', url: url.toString() },
    existed: found.rows.length > 0,
    drop: async () => void (await serverQuery(serverUrl, `drop database if exists ${name} with (force)`)),
  };
}

async function countCompanies(em: EntityManager): Promise<number> {
  const [row] = await em.getConnection().execute('select count(*) as n from companies');
  return Number((row as { n: unknown }).n);
}

async function generateRegister(orm: Orm): Promise<void> {
  const dir = '/tmp/health';
  mkdirSync(dir, { recursive: true });
  const csv = join(dir, `register-${companies}.csv`);
  progress(`generating a register of ${companies.toLocaleString('en-GB')} companies`);
  await writeDemoRegisterCsv(createWriteStream(csv), { companies, seed: 1, asOf: AS_OF });
  try {
    await importCompaniesCsv(orm.em.fork(), csv, { asOf: AS_OF });
  } finally {
    rmSync(csv, { force: true });
  }
  if (dialectOf(orm.em) === 'postgresql') await orm.em.fork().getConnection().execute('vacuum (analyze)');
}

/** Every company queued again, as a register import that changed every row leaves it. */
async function queueEveryCompany(em: EntityManager): Promise<void> {
  const at = dialectOf(em) === 'postgresql' ? 'now()' : String(Date.now());
  await em
    .getConnection()
    .execute(
      `insert into health_score_queue (company_number, queued_at) select company_number, ${at} from companies ` +
        'where true on conflict (company_number) do nothing',
    );
}

async function storedHash(em: EntityManager): Promise<string> {
  const rows: Record<string, unknown>[] = await em
    .getConnection()
    .execute(
      'select company_number, model_version, as_of, valid_until, score, grade, risk_level, fired_codes ' +
        'from company_health_scores order by company_number',
    );
  const hash = createHash('sha256');
  for (const row of rows)
    hash.update(
      [
        row.company_number,
        row.model_version,
        row.as_of,
        row.valid_until,
        row.score,
        row.grade,
        row.risk_level,
      ]
        .map((value) => (value === null ? '' : String(value)))
        .join('|') + `|${String(row.fired_codes)}\n`,
    );
  return `${rows.length}:${hash.digest('hex').slice(0, 16)}`;
}

async function timedDrain(orm: Orm, label: string, scorer: HealthScorer | undefined): Promise<Run> {
  await queueEveryCompany(orm.em.fork());
  progress(`${label}: draining`);
  const started = performance.now();
  const drained = await drainHealthScores(orm.em.fork(), AS_OF, scorer ? { scorer } : {});
  const seconds = (performance.now() - started) / 1000;
  if (drained.rescored !== companies)
    throw new Error(`${label}: rescored ${drained.rescored} of ${companies}`);
  const run = {
    label,
    seconds: Math.round(seconds * 100) / 100,
    companiesPerSecond: Math.round(drained.rescored / seconds),
    storedHash: await storedHash(orm.em.fork()),
  };
  progress(`${label}: ${run.seconds} s, ${run.companiesPerSecond.toLocaleString('en-GB')} companies/s`);
  return run;
}

async function main(): Promise<void> {
  const store = await openStore();
  const orm = await openDatabase(store.database);
  try {
    await migrate(orm);
    const held = await countCompanies(orm.em.fork());
    if (held !== companies) {
      if (held !== 0)
        throw new Error(`the store holds ${held} companies, not ${companies}: give another --store`);
      await generateRegister(orm);
    } else progress(`reusing the register of ${held.toLocaleString('en-GB')} companies`);
    // Both runs write over stored rows (the first drain after the import would insert them): scored once first.
    if (!store.existed || held === 0) await timedDrain(orm, 'first scoring (not compared)', undefined);
    const perEntity = await timedDrain(orm, 'per-entity (scoreCompaniesHealth)', scoreCompaniesHealth);
    const batch = await timedDrain(orm, 'batch (scoreStoredCompanies)', undefined);
    if (perEntity.storedHash !== batch.storedHash)
      throw new Error(`stored rows differ: ${perEntity.storedHash} per-entity, ${batch.storedHash} batch`);
    const result = {
      database: kind,
      companies,
      stored_rows: batch.storedHash,
      per_entity: { seconds: perEntity.seconds, companies_per_second: perEntity.companiesPerSecond },
      batch: { seconds: batch.seconds, companies_per_second: batch.companiesPerSecond },
      batch_over_per_entity:
        Math.round((batch.companiesPerSecond / perEntity.companiesPerSecond) * 100) / 100,
    };
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await orm.close();
    if (values.drop) await store.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
