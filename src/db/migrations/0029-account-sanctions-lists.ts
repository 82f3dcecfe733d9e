import { Migration } from '@mikro-orm/migrations';
import { runSchema } from './schema-builder';

/*
 * The sanctions lists an account chose to screen against (issue 38): one row per list chosen. An account with no
 * row screens against every list held, so that a list the service starts holding is screened by default.
 */
export class Migration0029AccountSanctionsLists extends Migration {
  override async up(): Promise<void> {
    await runSchema(
      this,
      this.getKnex().schema.createTable('account_sanctions_lists', (t) => {
        t.string('account_id', 40).notNullable().references('accounts.id').onDelete('CASCADE');
        t.string('list_id', 8).notNullable();
        t.primary(['account_id', 'list_id']);
      }),
    );
  }
}
