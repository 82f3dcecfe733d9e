import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { Config } from '../../src/config';
import { migrate, openDatabase, type Orm } from '../../src/db/orm';
import { dialectOf } from '../../src/domain/companies/register-sql';

export interface TestDatabase {
  database: Config['database'];
  drop(): Promise<void>;
}

/**
 * A fresh database for one test file: a temporary SQLite file, or, when TEST_DATABASE_URL names a PostgreSQL
 * server, a new database on it (dropped afterwards). The same suite runs on both. It holds every migration already
 * (a copy of the run's template, below) unless `empty` asks for a store no migration has touched, as the tests of
 * a migration's own upgrade do, or a copy of another `template` (a SQLite file or a PostgreSQL database's name).
 */
export async function createTestDatabase(
  options: { empty?: boolean; template?: string } = {},
): Promise<TestDatabase> {
  const template = options.empty ? undefined : (options.template ?? process.env.TEST_DATABASE_TEMPLATE);
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'cds-db-'));
    const path = join(dir, 'app.db');
    if (template) copyFileSync(template, path);
    return {
      database: { kind: 'sqlite', path },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `cds_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  return {
    database: { kind: 'postgresql', url: databaseUrl(serverUrl, name) },
    drop: () => dropDatabase(serverUrl, name),
  };
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.end();
}

/**
 * Migrates one empty database for the whole run, which createTestDatabase copies for each file (a file copy on
 * SQLite, `create database … template` on PostgreSQL) instead of running every migration again: about a second
 * a file on PostgreSQL. Returns what TEST_DATABASE_TEMPLATE names (the file or the database) and how to drop it.
 */
export async function createTemplateDatabase(): Promise<{ template: string; drop(): Promise<void> }> {
  const db = await createTestDatabase({ empty: true });
  const orm = await openMigrated(db);
  await orm.close();
  if (db.database.kind === 'sqlite') return { template: db.database.path, drop: db.drop };
  // A template may have no open connection while it is copied: the ORM above is closed.
  return { template: new URL(db.database.url).pathname.slice(1), drop: db.drop };
}

/** The test database opened through the ORM with every migration applied, as the service opens its own. */
export async function openMigrated(db: TestDatabase): Promise<Orm> {
  const orm = await openDatabase(db.database);
  await migrate(orm);
  return orm;
}

/**
 * Starts the store's alert ids past `first - 1`. Alert ids name delivery workflows (webhook-delivery/evt_<id>_1),
 * and the test files share one Temporal namespace while each has its own database: without this, two files that
 * each send their first alert would both start evt_1_1, and the second would find the first's workflow closed.
 */
export async function startAlertIdsAt(orm: Orm, first: number): Promise<void> {
  const connection = orm.em.getConnection();
  if (dialectOf(orm.em) === 'postgresql')
    await connection.execute(`select setval(pg_get_serial_sequence('alerts', 'id'), ${first - 1})`);
  else
    await connection.execute(
      `insert into sqlite_sequence (name, seq) select 'alerts', ${first - 1} ` +
        `where not exists (select 1 from sqlite_sequence where name = 'alerts')`,
    );
}
