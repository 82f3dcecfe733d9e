import type { EntityManager } from '@mikro-orm/core';
import { sqliteReadersOf } from './read-pool/attached-read-pool';
import type { ReadParam } from './read-pool/read-param';

/*
 * The one way the register's read-only queries (search, company reads) reach the database. Routing them through
 * one function lets the SQLite deployment run them away from the event loop (issue 15) without the queries
 * knowing. Params are plain values (strings, numbers, null) bound to `?` in order; rows come back as plain objects.
 */
export type { ReadParam };

export interface ReadOptions {
  /**
   * The read finds a handful of rows through a key (a primary key, an API key's hash, a short range of a key
   * with a small limit) and never scans. On SQLite it then runs at once on the event-loop thread
   * (read-pool/inline-reader.ts), which costs less than the trip to a read thread; anything else runs on a read
   * thread, so it cannot hold up the process.
   */
  pointRead?: boolean;
  /**
   * The read touches a small number of rows, as the caller has checked (a search whose matches were counted up to
   * a bound first): on SQLite it may take the read threads' quick lane, so it does not queue behind slow reads of
   * the same SQL text with other values.
   */
  bounded?: boolean;
}

export async function readRows<Row>(
  em: EntityManager,
  sql: string,
  params: readonly ReadParam[],
  options: ReadOptions = {},
): Promise<Row[]> {
  // Inside a transaction a read must see the transaction's own writes, which only its connection can.
  const readers = em.isInTransaction() ? undefined : sqliteReadersOf(em);
  if (readers !== undefined)
    return options.pointRead === true
      ? readers.inline.read<Row>(sql, params)
      : readers.pool.read<Row>(sql, params, { bounded: options.bounded === true });
  // The transaction context is passed on: without it the query would wait for the connection the transaction
  // holds (SQLite has one) or run on another one that cannot see its writes (PostgreSQL).
  return (await em.getConnection().execute(sql, [...params], 'all', em.getTransactionContext())) as Row[];
}
