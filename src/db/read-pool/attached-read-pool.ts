import type { EntityManager } from '@mikro-orm/core';
import type { Config } from '../../config';
import type { Orm } from '../orm';
import { InlineReader } from './inline-reader';
import { ReadPool, type ReadPoolOptions } from './read-pool';

/** How an ORM's register reads run on SQLite: point reads inline, everything else on the read threads. */
export interface SqliteReaders {
  pool: ReadPool;
  inline: InlineReader;
}

/*
 * Which ORM has readers. Keyed by the ORM's driver, which every EntityManager forked from it shares, so readRows
 * finds them from whatever `em` a caller holds without them being threaded through every layer.
 */
const attached = new WeakMap<object, SqliteReaders>();

/**
 * Gives a SQLite ORM a pool of read threads (started on first use) and an inline reader for point reads
 * (opened on first use), both on the same file. PostgreSQL's pool is already asynchronous, so it gets none
 * (undefined), nor does an in-memory SQLite database. Close them with closeReadPool before the ORM.
 */
export function attachReadPool(
  orm: Orm,
  database: Config['database'],
  options: Omit<ReadPoolOptions, 'databasePath'>,
): ReadPool | undefined {
  // An in-memory database is private to its connection: threads could not see it.
  if (database.kind !== 'sqlite' || database.path === ':memory:') return undefined;
  const pool = new ReadPool({ ...options, databasePath: database.path });
  attached.set(orm.em.getDriver(), { pool, inline: new InlineReader(database.path) });
  return pool;
}

/** Detaches the ORM's readers (its reads go back to the ORM connection), ends the threads, closes the connection. */
export async function closeReadPool(orm: Orm): Promise<void> {
  const readers = attached.get(orm.em.getDriver());
  attached.delete(orm.em.getDriver());
  readers?.inline.close();
  await readers?.pool.close();
}

export function sqliteReadersOf(em: EntityManager): SqliteReaders | undefined {
  return attached.get(em.getDriver());
}
