import { Migration } from '@mikro-orm/migrations';
import { runSchema } from './schema-builder';

/*
 * When each company was last fetched live from Companies House (db/entities/company-fetch.ts): one row a company,
 * overwritten by every fetch. No foreign key to companies, like the detail tables: the register writer replaces
 * company rows and must not trip over it. Companies that only ever came from imports have no row.
 */
export class Migration0013CompanyFetches extends Migration {
  override async up(): Promise<void> {
    await runSchema(
      this,
      this.getKnex().schema.createTable('company_fetches', (t) => {
        t.string('company_number', 8).primary();
        t.string('source', 40).notNullable();
        t.timestamp('fetched_at', { useTz: true, precision: 3 }).notNullable();
        t.boolean('complete').notNullable();
      }),
    );
  }
}
