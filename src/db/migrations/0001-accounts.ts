import { Migration } from '@mikro-orm/migrations';
import { runSchema } from './schema-builder';

export class Migration0001Accounts extends Migration {
  override async up(): Promise<void> {
    const schema = this.getKnex().schema;
    await runSchema(
      this,
      schema
        .createTable('accounts', (t) => {
          t.string('id', 40).primary();
          t.string('email', 320).notNullable().unique();
          t.string('plan', 20).notNullable();
          t.timestamp('created_at', { useTz: true, precision: 3 }).notNullable();
        })
        .createTable('api_keys', (t) => {
          t.string('id', 40).primary();
          t.string('account_id', 40).notNullable().references('accounts.id').onDelete('CASCADE');
          t.string('prefix', 20).notNullable();
          t.string('key_hash', 64).notNullable().unique();
          t.timestamp('created_at', { useTz: true, precision: 3 }).notNullable();
          t.timestamp('revoked_at', { useTz: true, precision: 3 }).nullable();
          t.index(['account_id']);
        })
        .createTable('webhook_secrets', (t) => {
          t.string('id', 40).primary();
          t.string('account_id', 40).notNullable().references('accounts.id').onDelete('CASCADE');
          t.string('secret', 100).notNullable();
          t.timestamp('created_at', { useTz: true, precision: 3 }).notNullable();
          t.timestamp('expires_at', { useTz: true, precision: 3 }).nullable();
          t.timestamp('retired_at', { useTz: true, precision: 3 }).nullable();
          t.index(['account_id']);
        }),
    );
    // One current secret an account, enforced by the database so concurrent first uses cannot make two.
    await this.execute(
      'create unique index webhook_secrets_one_current on webhook_secrets (account_id) ' +
        'where expires_at is null and retired_at is null',
    );
  }
}
