import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { Config } from '../../src/config';
import { migrate, openDatabase, type Orm } from '../../src/db/orm';

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
