import type { EntityManager } from '@mikro-orm/core';
import type { Config } from '../../config';
import type { Orm } from '../orm';
import { ReadPool, type ReadPoolOptions } from './read-pool';

/*
 * Which ORM has a read pool. Keyed by the ORM's driver, which every EntityManager forked from it shares, so
 * readRows finds the pool from whatever `em` a caller holds without the pool being threaded through every layer.
 */
const pools = new WeakMap<object, ReadPool>();

/**
 * Gives a SQLite ORM a pool of read threads (started on first use) on the same file. PostgreSQL's pool is already
 * asynchronous, so it gets none (undefined), nor does an in-memory SQLite database. Close it with closeReadPool
 * before the ORM.
 */
export function attachReadPool(
  orm: Orm,
  database: Config['database'],
  options: Omit<ReadPoolOptions, 'databasePath'>,
): ReadPool | undefined {
  // An in-memory database is private to its connection: threads could not see it.
  if (database.kind !== 'sqlite' || database.path === ':memory:') return undefined;
  const pool = new ReadPool({ ...options, databasePath: database.path });
  pools.set(orm.em.getDriver(), pool);
  return pool;
}

/** Detaches the ORM's pool (its reads go back to the ORM connection) and ends its threads. */
export async function closeReadPool(orm: Orm): Promise<void> {
  const pool = pools.get(orm.em.getDriver());
  pools.delete(orm.em.getDriver());
  await pool?.close();
}

export function readPoolOf(em: EntityManager): ReadPool | undefined {
  return pools.get(em.getDriver());
}
