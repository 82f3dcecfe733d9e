import { Migration } from '@mikro-orm/migrations';
import { runSchema } from './schema-builder';

/*
 * Endpoint health (issue 42 part 3, docs/webhooks.md "Endpoint health"): one row per webhook address as an account
 * sends to it (account id and URL; a list and a watchlist entry naming the same URL are one endpoint, as they are
 * one receiver signing with one secret). Written in the same transaction as each attempt's record, so a crash
 * cannot count an attempt twice or lose it. `state` 'disabled' after a configured period of nothing but
 * failures: new alerts for the address are then written with not_sent_reason 'endpoint_disabled' and a delivery
 * that is never started.
 */
export class Migration0037WebhookEndpointHealth extends Migration {
  override async up(): Promise<void> {
    await runSchema(
      this,
      this.getKnex().schema.createTable('webhook_endpoint_health', (t) => {
        t.string('account_id', 40).notNullable().references('accounts.id').onDelete('CASCADE');
        t.text('url').notNullable();
        t.string('state', 16).notNullable().defaultTo('enabled');
        t.integer('consecutive_failures').notNullable().defaultTo(0);
        t.text('last_error').nullable();
        t.timestamp('last_success_at', { useTz: true, precision: 3 }).nullable();
        t.timestamp('failing_since', { useTz: true, precision: 3 }).nullable();
        t.timestamp('disabled_at', { useTz: true, precision: 3 }).nullable();
        t.timestamp('updated_at', { useTz: true, precision: 3 }).notNullable();
        t.primary(['account_id', 'url']);
        // The operators' view (npm run cli -- endpoint-health) reads the failing and disabled ones.
        t.index(['state', 'consecutive_failures'], 'webhook_endpoint_health_by_state');
      }),
    );
    // A recover call with a url re-enables that address: its Idempotency-Key answers again only for the same url.
    await runSchema(
      this,
      this.getKnex().schema.alterTable('webhook_recoveries', (t) => {
        t.text('url').nullable();
      }),
    );
  }
}
