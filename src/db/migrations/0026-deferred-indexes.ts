import { Migration } from '@mikro-orm/migrations';
import { runSchema } from './schema-builder';

/*
 * deferred_indexes: the secondary indexes a bulk import into an empty register dropped so as to build each once
 * at its end instead of row by row (ingest/writers/deferred-indexes.ts), with the statement that creates each
 * again, as the database itself wrote it. Filled in the transaction that drops them; a row goes in the
 * transaction that builds its index. So a run that stops or crashes in between leaves a record of exactly what
 * the store lacks, and the next companies import that completes builds it.
 */
export class Migration0026DeferredIndexes extends Migration {
  override async up(): Promise<void> {
    await runSchema(
      this,
      this.getKnex().schema.createTable('deferred_indexes', (t) => {
        t.string('name', 128).primary();
        t.string('table_name', 64).notNullable();
        t.text('create_sql').notNullable();
        t.timestamp('deferred_at', { useTz: true, precision: 3 }).notNullable();
      }),
    );
  }
}
