import { Migration } from '@mikro-orm/migrations';
import { runSchema } from './schema-builder';

/**
 * The register change feed, the alerts it raises on monitored companies, and the change check's checkpoint
 * (db/entities/register-change.ts, alert.ts, change-check-state.ts).
 * - register_changes.sequence is the feed's order: an autoincrement on SQLite, a bigserial on PostgreSQL, where
 *   writers take an exclusive lock on the table before drawing numbers so they commit in number order and a
 *   reader past a checkpoint never misses one (the change log's reader relies on it).
 * - alerts: one per change per account, guarded by a unique key, so a repeated check adds none.
 * - The due-date indexes let the check find the filings that fell overdue since its last run without reading
 *   every company.
 * - import_runs.records_changes: false for the first import into an empty register, which sets the baseline
 *   rather than announcing every company as added; kept on the run so a resumed import decides the same way.
 */
export class Migration0006RegisterChangesAndAlerts extends Migration {
  override async up(): Promise<void> {
    await runSchema(
      this,
      this.getKnex()
        .schema.createTable('register_changes', (t) => {
          t.bigIncrements('sequence');
          t.string('company_number', 8).notNullable();
          t.string('change', 16).notNullable();
          t.string('field', 40).notNullable();
          t.string('alert_type', 40).nullable();
          t.text('old_value').nullable();
          t.text('new_value').nullable();
          t.string('source', 16).notNullable();
          t.timestamp('detected_at', { useTz: true, precision: 3 }).notNullable();
          t.index(['company_number', 'sequence'], 'register_changes_by_company');
        })
        .createTable('alerts', (t) => {
          t.increments('id');
          t.string('account_id', 40).notNullable().references('accounts.id').onDelete('CASCADE');
          t.string('company_number', 8).notNullable();
          t.text('company_name').notNullable();
          t.bigInteger('change_sequence').notNullable();
          t.string('alert_type', 40).notNullable();
          t.string('severity', 16).notNullable();
          t.text('title').notNullable();
          t.text('detail').notNullable();
          t.timestamp('detected_at', { useTz: true, precision: 3 }).notNullable();
          t.text('lists').notNullable();
          t.text('webhook_url').nullable();
          t.string('event_id', 64).nullable();
          t.timestamp('created_at', { useTz: true, precision: 3 }).notNullable();
          t.unique(['account_id', 'change_sequence'], { indexName: 'alerts_one_per_change' });
          t.index(['account_id', 'company_number', 'id'], 'alerts_by_company');
        })
        .createTable('change_check_state', (t) => {
          t.string('id', 40).primary();
          t.bigInteger('last_sequence').notNullable();
          t.string('overdue_checked_through', 10).nullable();
          t.timestamp('updated_at', { useTz: true, precision: 3 }).notNullable();
        })
        .alterTable('companies', (t) => {
          t.index(['next_accounts_due'], 'companies_accounts_due');
          t.index(['confirmation_statement_next_due'], 'companies_statement_due');
        })
        .alterTable('import_runs', (t) => {
          t.boolean('records_changes').notNullable().defaultTo(true);
        }),
    );
  }
}
