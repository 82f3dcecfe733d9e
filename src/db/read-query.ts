import type { EntityManager } from '@mikro-orm/core';

/*
 * The one way the register's read-only queries (search, company reads) reach the database. Routing them through
 * one function lets the SQLite deployment run them away from the event loop (issue 15) without the queries
 * knowing. Params are plain values (strings, numbers, null); rows come back as plain objects.
 */
export type ReadParam = string | number | null;

export async function readRows<Row>(
  em: EntityManager,
  sql: string,
  params: readonly ReadParam[],
): Promise<Row[]> {
  return (await em.getConnection().execute(sql, [...params])) as Row[];
}
