import { Migration } from '@mikro-orm/migrations';
import { runSchema } from './schema-builder';

/*
 * An account's email is a contact address, not an identity: every sign-up makes a new account, whatever
 * accounts the email already has, so that POST /signup answers alike for known and unknown emails and tells
 * nobody who has an account (docs/decisions.md). Its unique constraint (0001: a constraint on PostgreSQL, a
 * unique index on SQLite, both named accounts_email_unique) becomes a plain index, which the operator's
 * `accounts find --email` reads.
 */
export class Migration0016AccountEmailNotUnique extends Migration {
  override async up(): Promise<void> {
    await runSchema(
      this,
      this.getKnex().schema.alterTable('accounts', (t) => {
        t.dropUnique(['email']);
        t.index(['email']);
      }),
    );
  }
}
