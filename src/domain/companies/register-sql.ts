import type { EntityManager } from '@mikro-orm/core';
import type { Knex } from '@mikro-orm/knex';

/*
 * The register's search and import need SQL the ORM cannot express (FTS5, tsvector, multi-row upserts), written
 * for the two databases the service runs on. These helpers find out which one an EntityManager talks to.
 */

export type RegisterDialect = 'sqlite' | 'postgresql';

export function knexOf(em: EntityManager): Knex {
  return (em.getConnection() as unknown as { getKnex(): Knex }).getKnex();
}

/** MikroORM gives knex a dialect class rather than a client name, so the dialect's name is what to read. */
export function dialectOf(em: EntityManager): RegisterDialect {
  return (knexOf(em).client as { dialect?: string }).dialect === 'postgresql' ? 'postgresql' : 'sqlite';
}

/** `n` comma-separated placeholders, for `in (…)` lists. */
export function placeholders(n: number): string {
  return n === 0 ? '' : '?' + ',?'.repeat(n - 1);
}
