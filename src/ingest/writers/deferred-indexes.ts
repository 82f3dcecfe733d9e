import type { EntityManager } from '@mikro-orm/core';
import type { Knex } from '@mikro-orm/knex';
import { dialectOf, knexOf } from '../../domain/companies/register-sql';

/*
 * A bulk import into an empty register builds the register's secondary indexes once, after its rows, instead of
 * row by row. Kept row by row, each company is a random insert into eight B-trees on companies (name, status,
 * town, within-tier, due dates, postcode) and one on company_sic_codes, each slower as it outgrows the cache: on
 * SQLite the rate fell from 17,700 rows/s at 200,000 companies to 7,400 at 5.5M. Built after, each index is one
 * sorted pass.
 *
 * The indexes are dropped and recorded in deferred_indexes (migration 0026) in one transaction, with the statement
 * the database itself gives for each (sqlite_master.sql, the migration's own text; pg_get_indexdef), so whatever
 * the migrations made is what comes back. Each is built again in a transaction that also deletes its record, so at any moment
 * deferred_indexes says exactly what the store lacks: a run that stops or crashes leaves the record, and the next
 * companies import that completes (the resumed run, or any other) builds what it names. Primary keys and unique
 * indexes stay: the upsert needs them, and a load must not accept a duplicate.
 */

const DEFERRED_TABLES = ['companies', 'company_sic_codes'] as const;

/*
 * Kept row by row: a search names this index (`indexed by` in the common-word walk, search/tail-read.ts), and SQLite
 * refuses a statement whose named index is missing, so deferring it would make those searches fail while a baseline
 * import runs or after one stopped. Its upkeep costs the import more than a build at the end would (about 6 s at
 * 1M), but a search must answer.
 */
const NAMED_BY_SEARCHES = ['companies_within_tier'];

interface IndexDefinition {
  name: string;
  table_name: string;
  create_sql: string;
}

/** The non-unique indexes of the register's tables, as statements that create them. */
async function secondaryIndexes(db: Knex | Knex.Transaction, postgres: boolean): Promise<IndexDefinition[]> {
  if (postgres) {
    // Not an index on an expression: pg_get_indexdef writes the expression as PostgreSQL stored it, and reading
    // that back stores another tree (an IN list's array cast element by element), so the index built again would
    // not be the one the migration made. Those stay, kept row by row; a column's index comes back the same.
    const result = (await db.raw(
      'select i.relname as name, t.relname as table_name, pg_get_indexdef(i.oid) as create_sql ' +
        'from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid ' +
        'where t.relname = any(?) and t.relnamespace = current_schema()::regnamespace ' +
        'and not x.indisunique and not x.indisprimary and x.indexprs is null and x.indpred is null ' +
        'order by i.relname',
      [[...DEFERRED_TABLES]],
    )) as { rows: IndexDefinition[] };
    return result.rows;
  }
  const rows: IndexDefinition[] = [];
  for (const table of DEFERRED_TABLES) {
    // origin 'c': made by CREATE INDEX (not a key's own index); sql is what SQLite runs to make it again.
    rows.push(
      ...((await db.raw(
        'select l.name as name, m.tbl_name as table_name, m.sql as create_sql from pragma_index_list(?) l ' +
          "join sqlite_master m on m.type = 'index' and m.name = l.name " +
          'where l.origin = \'c\' and l."unique" = 0 order by l.name',
        [table],
      )) as IndexDefinition[]),
    );
  }
  return rows.filter((row) => !NAMED_BY_SEARCHES.includes(row.name));
}

/** Drops the register's secondary indexes, recording each; those already deferred stay recorded. */
export async function deferRegisterIndexes(em: EntityManager, now: Date): Promise<string[]> {
  const postgres = dialectOf(em) === 'postgresql';
  return knexOf(em).transaction(async (trx) => {
    const indexes = await secondaryIndexes(trx, postgres);
    for (const index of indexes) {
      await trx('deferred_indexes').insert({ ...index, deferred_at: postgres ? now : now.getTime() });
      await trx.raw(`drop index ${index.name}`);
    }
    return indexes.map((index) => index.name);
  });
}

/** The indexes deferred_indexes names: dropped by a bulk load and not yet built again. */
export async function deferredIndexNames(em: EntityManager): Promise<string[]> {
  const rows = (await knexOf(em)('deferred_indexes').select('name').orderBy('name')) as { name: string }[];
  return rows.map((row) => row.name);
}

/*
 * PostgreSQL sorts an index build in maintenance_work_mem (64 MB by default) and a GIN index gathers its entries
 * there before writing them: more room, fewer passes. Set for the build's own transaction only.
 */
const POSTGRES_BUILD_MEMORY = '256MB';

/** Builds every index deferred_indexes names, each in its own transaction with the deletion of its record. */
export async function buildDeferredIndexes(em: EntityManager): Promise<string[]> {
  const postgres = dialectOf(em) === 'postgresql';
  const knex = knexOf(em);
  const deferred = (await knex('deferred_indexes')
    .select('name', 'table_name', 'create_sql')
    .orderBy('name')) as IndexDefinition[];
  for (const index of deferred) {
    await knex.transaction(async (trx) => {
      if (postgres) await trx.raw(`set local maintenance_work_mem = '${POSTGRES_BUILD_MEMORY}'`);
      await trx.raw(index.create_sql);
      await trx('deferred_indexes').where({ name: index.name }).delete();
    });
  }
  return deferred.map((index) => index.name);
}
