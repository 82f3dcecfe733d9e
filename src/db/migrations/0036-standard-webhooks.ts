import { Migration } from '@mikro-orm/migrations';
import { runSchema } from './schema-builder';

/*
 * Standard Webhooks, opt-in per address (issue 42, docs/webhooks.md "Standard Webhooks"): lists and watchlist
 * entries say whether their address also gets the webhook-id, webhook-timestamp and webhook-signature headers, and
 * each delivery stores the choice it was made with, so its retries, a redelivery and a recovery sign the same way
 * even if the setting changes meanwhile. Off by default: receivers see nothing new until they ask.
 * Routing by type and severity on the same addresses: alert_types (JSON array of alert types; null: all) and
 * min_severity (null: info, so all); an alert no address takes is still written, with not_sent_reason
 * 'not_routed' and no delivery.
 */
export class Migration0036StandardWebhooks extends Migration {
  override async up(): Promise<void> {
    await runSchema(
      this,
      this.getKnex()
        .schema.alterTable('lists', (t) => {
          t.boolean('standard_webhooks').notNullable().defaultTo(false);
          t.text('alert_types').nullable();
          t.string('min_severity', 16).nullable();
        })
        .alterTable('watchlist_entries', (t) => {
          t.boolean('standard_webhooks').notNullable().defaultTo(false);
          t.text('alert_types').nullable();
          t.string('min_severity', 16).nullable();
        })
        .alterTable('webhook_deliveries', (t) => {
          t.boolean('standard_webhooks').notNullable().defaultTo(false);
        })
        .alterTable('alerts', (t) => {
          t.string('not_sent_reason', 32).nullable();
        }),
    );
  }
}
