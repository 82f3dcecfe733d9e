import { Migration } from '@mikro-orm/migrations';
import { runSchema } from './schema-builder';

/*
 * web_sessions (issue 16): the web app's sign-ins. The cookie holds a random token; the table holds only its
 * SHA-256, so a copy of the table opens no session. A session names the API key it was opened with, so revoking
 * that key ends it (the lookup joins api_keys). csrf_token is the session's form token (src/web/csrf.ts).
 * account_id is indexed for the clean-up of an account's ended sessions at its next sign-in, and for the cascade.
 */
export class Migration0020WebSessions extends Migration {
  override async up(): Promise<void> {
    const schema = this.getKnex().schema;
    await runSchema(
      this,
      schema.createTable('web_sessions', (t) => {
        t.string('token_hash', 64).primary();
        t.string('account_id', 40).notNullable().references('accounts.id').onDelete('CASCADE');
        t.string('api_key_id', 40).notNullable().references('api_keys.id').onDelete('CASCADE');
        t.string('csrf_token', 64).notNullable();
        t.timestamp('created_at', { useTz: true, precision: 3 }).notNullable();
        t.timestamp('expires_at', { useTz: true, precision: 3 }).notNullable();
        t.timestamp('ended_at', { useTz: true, precision: 3 }).nullable();
        t.index(['account_id']);
      }),
    );
  }
}
