import { mkdtempSync, rmSync } from 'node:fs';
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
 * A fresh, empty database for one test file: a temporary SQLite file, or, when TEST_DATABASE_URL names a
 * PostgreSQL server, a new database on it (dropped afterwards). The same suite runs on both.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'cds-db-'));
    return {
      database: { kind: 'sqlite', path: join(dir, 'app.db') },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `cds_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    database: { kind: 'postgresql', url: url.toString() },
    async drop() {
      const client = new Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
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
