import { Migration } from '@mikro-orm/migrations';
import { runSchema } from './schema-builder';

/**
 * Lists, their companies and the watchlist (db/entities/company-list.ts, list-company.ts, watchlist-entry.ts).
 * Each unique key is the database's guard against a duplicate under concurrency: a list name per account, a
 * company per list, a company per watchlist, one default list per account. The indexes on company_number serve
 * the change check, which starts from the changed companies and looks up who monitors them.
 */
export class Migration0005ListsAndWatchlist extends Migration {
  override async up(): Promise<void> {
    await runSchema(
      this,
      this.getKnex()
        .schema.createTable('lists', (t) => {
          t.increments('id');
          t.string('account_id', 40).notNullable().references('accounts.id').onDelete('CASCADE');
          t.string('name', 100).notNullable();
          t.text('name_key').notNullable();
          t.string('kind', 16).notNullable();
          t.boolean('is_default').notNullable();
          t.text('webhook_url').nullable();
          t.boolean('alert_webhook').notNullable();
          t.timestamp('created_at', { useTz: true, precision: 3 }).notNullable();
          t.timestamp('updated_at', { useTz: true, precision: 3 }).notNullable();
          t.unique(['account_id', 'name_key'], { indexName: 'lists_name_per_account' });
        })
        .createTable('list_companies', (t) => {
          t.integer('list_id').notNullable().references('lists.id').onDelete('CASCADE');
          t.string('company_number', 8).notNullable();
          t.timestamp('added_at', { useTz: true, precision: 3 }).notNullable();
          t.primary(['list_id', 'company_number']);
          t.index(['company_number'], 'list_companies_by_company');
        })
        .createTable('watchlist_entries', (t) => {
          t.string('account_id', 40).notNullable().references('accounts.id').onDelete('CASCADE');
          t.string('company_number', 8).notNullable();
          t.text('webhook_url').nullable();
          t.timestamp('added_at', { useTz: true, precision: 3 }).notNullable();
          t.timestamp('updated_at', { useTz: true, precision: 3 }).notNullable();
          t.primary(['account_id', 'company_number']);
          t.index(['company_number'], 'watchlist_entries_by_company');
        }),
    );
    await this.execute('create unique index lists_one_default on lists (account_id) where is_default');
  }
}
