import { Migration } from '@mikro-orm/migrations';
import { runSchema } from './schema-builder';

/**
 * The counters of rate-limiter-flexible (the API's per-plan quota), in the layout its SQLite and PostgreSQL
 * stores expect. Created here so the library never changes the schema at run time.
 */
export class Migration0004RateLimits extends Migration {
  override async up(): Promise<void> {
    await runSchema(
      this,
      this.getKnex().schema.createTable('rate_limits', (t) => {
        t.string('key', 255).primary();
        t.integer('points').notNullable().defaultTo(0);
        t.bigInteger('expire').nullable();
      }),
    );
  }
}
