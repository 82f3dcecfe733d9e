import { Migration } from '@mikro-orm/migrations';
import { runSchema } from './schema-builder';

/*
 * KYB checks stored on the account with everything they used (db/entities/kyb-check.ts, docs/kyb.md).
 * - result is the whole answer as JSON, written once and never updated: an auditor reads back exactly what the
 *   customer was told. The columns beside it are what listing filters and sorts on, and what the check used
 *   (company snapshot time, sanctions list version, health model version), readable without parsing the JSON.
 * - (account_id, idempotency_key) is unique: the database is the final guard against two stored checks for one
 *   key. Keys are optional; both databases let any number of rows hold a null key.
 * - request_hash fingerprints the request a key was first used with, so a reuse with another body is refused.
 * - companies gains the register's two registered-office flags. The bulk file does not carry them; null means
 *   the source did not say, which is not the same as false.
 */
export class Migration0012KybChecks extends Migration {
  override async up(): Promise<void> {
    await runSchema(
      this,
      this.getKnex()
        .schema.createTable('kyb_checks', (t) => {
          t.string('id', 40).primary();
          t.string('account_id', 40).notNullable().references('accounts.id').onDelete('CASCADE');
          t.string('client_reference', 200).notNullable();
          t.text('stated_company_name').notNullable();
          t.string('company_number', 8).nullable();
          t.string('outcome', 16).notNullable();
          t.string('decided_by', 48).notNullable();
          t.text('result').notNullable();
          t.timestamp('company_snapshot_at', { useTz: true, precision: 3 }).nullable();
          t.string('sanctions_list_version_id', 80).nullable();
          t.string('health_model_version', 40).nullable();
          t.string('idempotency_key', 255).nullable();
          t.string('request_hash', 64).notNullable();
          t.timestamp('created_at', { useTz: true, precision: 3 }).notNullable();
          t.unique(['account_id', 'idempotency_key'], { indexName: 'kyb_checks_idempotency_key' });
          t.index(['account_id', 'created_at', 'id'], 'kyb_checks_by_created');
          t.index(['account_id', 'client_reference', 'created_at'], 'kyb_checks_by_client_reference');
          t.index(['account_id', 'outcome', 'created_at'], 'kyb_checks_by_outcome');
          t.index(['account_id', 'company_number', 'created_at'], 'kyb_checks_by_company');
        })
        .alterTable('companies', (t) => {
          t.boolean('registered_office_is_in_dispute').nullable();
          t.boolean('undeliverable_registered_office_address').nullable();
        }),
    );
  }
}
