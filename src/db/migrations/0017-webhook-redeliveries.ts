import { Migration } from '@mikro-orm/migrations';
import { runSchema } from './schema-builder';

/*
 * Redelivery and recovery of webhook deliveries (docs/webhook-deliveries.md, "Redeliver and recover").
 * - webhook_deliveries gains redelivery_count (0 until the first redelivery; the n of the workflow id
 *   `webhook-delivery/<event id>/redelivery-<n>`, and the guard a claim compares against so two redeliveries
 *   of one delivery cannot both start) and redelivered_at. An index on (account_id, status, completed_at)
 *   serves recover's "failed since".
 * - webhook_recoveries: one row per recover call, with the answer given, so a repeated Idempotency-Key gets it
 *   again. (account_id, idempotency_key) is unique: the database settles two calls racing with one key.
 * - webhook_redeliveries: one row per redelivery (by the redeliver endpoint or a recovery), naming its
 *   workflow and the first attempt number it sends. A single redelivery keeps its key and answer here, under
 *   the same uniqueness.
 */
export class Migration0017WebhookRedeliveries extends Migration {
  override async up(): Promise<void> {
    await runSchema(
      this,
      this.getKnex()
        .schema.alterTable('webhook_deliveries', (t) => {
          t.integer('redelivery_count').notNullable().defaultTo(0);
          t.timestamp('redelivered_at', { useTz: true, precision: 3 }).nullable();
          t.index(['account_id', 'status', 'completed_at'], 'webhook_deliveries_failed_since');
        })
        .createTable('webhook_recoveries', (t) => {
          t.string('id', 40).primary();
          t.string('account_id', 40).notNullable().references('accounts.id').onDelete('CASCADE');
          t.timestamp('since', { useTz: true, precision: 3 }).notNullable();
          t.integer('batch_limit').notNullable();
          t.string('idempotency_key', 255).nullable();
          t.string('workflow_id', 200).nullable();
          t.integer('started').notNullable();
          t.boolean('truncated').notNullable();
          t.text('answer').notNullable();
          t.timestamp('created_at', { useTz: true, precision: 3 }).notNullable();
          t.unique(['account_id', 'idempotency_key'], { indexName: 'webhook_recoveries_idempotency_key' });
        })
        .createTable('webhook_redeliveries', (t) => {
          t.string('event_id', 80)
            .notNullable()
            .references('webhook_deliveries.event_id')
            .onDelete('CASCADE');
          t.integer('number').notNullable();
          t.string('account_id', 40).notNullable().references('accounts.id').onDelete('CASCADE');
          t.string('workflow_id', 200).notNullable();
          t.integer('first_attempt').notNullable();
          t.string('recovery_id', 40).nullable().references('webhook_recoveries.id').onDelete('SET NULL');
          t.string('idempotency_key', 255).nullable();
          t.text('answer').nullable();
          t.timestamp('requested_at', { useTz: true, precision: 3 }).notNullable();
          t.primary(['event_id', 'number']);
          t.unique(['account_id', 'idempotency_key'], { indexName: 'webhook_redeliveries_idempotency_key' });
          t.index(['recovery_id'], 'webhook_redeliveries_by_recovery');
        }),
    );
  }
}
