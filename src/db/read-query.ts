import type { EntityManager } from '@mikro-orm/core';
import { readPoolOf } from './read-pool/attached-read-pool';

/*
 * The one way the register's read-only queries (search, company reads) reach the database. Routing them through
 * one function lets the SQLite deployment run them away from the event loop (issue 15) without the queries
 * knowing. Params are plain values (strings, numbers, null) bound to `?` in order; rows come back as plain objects.
 */
export type ReadParam = string | number | null;

export async function readRows<Row>(
  em: EntityManager,
  sql: string,
  params: readonly ReadParam[],
): Promise<Row[]> {
  // Inside a transaction a read must see the transaction's own writes, which only its connection can.
  const pool = em.isInTransaction() ? undefined : readPoolOf(em);
  if (pool !== undefined) return pool.read<Row>(sql, params);
  // The transaction context is passed on: without it the query would wait for the connection the transaction
  // holds (SQLite has one) or run on another one that cannot see its writes (PostgreSQL).
  return (await em.getConnection().execute(sql, [...params], 'all', em.getTransactionContext())) as Row[];
}
