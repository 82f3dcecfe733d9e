import type { Migration } from '@mikro-orm/migrations';
import type { Knex } from '@mikro-orm/knex';

// Migrations are written once with knex's schema builder, which emits the right DDL for both SQLite and
// PostgreSQL, instead of keeping two hand-written SQL sets in step.
export async function runSchema(migration: Migration, builder: Knex.SchemaBuilder): Promise<void> {
  for (const statement of builder.toSQL()) {
    await migration.execute(statement.sql, [...(statement.bindings ?? [])]);
  }
}

/** MikroORM hands knex its own dialect class, so `config.client` is never 'pg'; the dialect name is reliable. */
export function isPostgres(migration: Migration): boolean {
  return (migration.getKnex().client as { dialect?: string }).dialect === 'postgresql';
}
