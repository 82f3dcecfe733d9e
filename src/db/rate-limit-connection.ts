import type Database from 'better-sqlite3';
import { Pool } from 'pg';
import { betterSqlite3 } from './sqlite-binding';

export type RateLimitStoreTarget = { kind: 'sqlite'; path: string } | { kind: 'postgresql'; url: string };

/**
 * A connection of its own to the `rate_limits` table's database, apart from the ORM's pool: a counter's upsert
 * never waits behind a request's unit of work, and SQLite's WAL mode lets it write beside the ORM (and beside
 * other processes).
 */
export function openRateLimitConnection(
  target: RateLimitStoreTarget,
  sqlite: { synchronous?: 'NORMAL' } = {},
): Database.Database | Pool {
  if (target.kind === 'postgresql') return new Pool({ connectionString: target.url, max: 4 });
  const db = new (betterSqlite3())(target.path);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  if (sqlite.synchronous) db.pragma(`synchronous = ${sqlite.synchronous}`);
  return db;
}
