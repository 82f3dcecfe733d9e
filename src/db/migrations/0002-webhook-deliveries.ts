import { Migration } from '@mikro-orm/migrations';
import { runSchema } from './schema-builder';

export class Migration0002WebhookDeliveries extends Migration {
  override async up(): Promise<void> {
    const schema = this.getKnex().schema;
    await runSchema(
      this,
      schema
        .createTable('webhook_deliveries', (t) => {
          t.string('event_id', 80).primary();
          t.string('account_id', 40).notNullable().references('accounts.id').onDelete('CASCADE');
          t.string('event_type', 40).notNullable();
          t.string('company_number', 8).nullable();
          t.bigInteger('alert_id').nullable();
          t.text('url').notNullable();
          t.text('body').notNullable();
          t.string('status', 16).notNullable();
          t.integer('max_attempts').notNullable();
          t.integer('attempt_count').notNullable();
          t.timestamp('created_at', { useTz: true, precision: 3 }).notNullable();
          t.timestamp('updated_at', { useTz: true, precision: 3 }).notNullable();
          t.timestamp('next_attempt_at', { useTz: true, precision: 3 }).nullable();
          t.timestamp('completed_at', { useTz: true, precision: 3 }).nullable();
          // The deliveries list: one account's, newest first, optionally by status.
          t.index(['account_id', 'created_at']);
          t.index(['account_id', 'status', 'created_at']);
        })
        .createTable('webhook_delivery_attempts', (t) => {
          t.string('event_id', 80)
            .notNullable()
            .references('webhook_deliveries.event_id')
            .onDelete('CASCADE');
          t.integer('number').notNullable();
          t.timestamp('attempted_at', { useTz: true, precision: 3 }).notNullable();
          t.integer('duration_ms').notNullable();
          t.boolean('delivered').notNullable();
          t.integer('status_code').nullable();
          t.string('error_class', 32).nullable();
          t.text('error_message').nullable();
          t.text('response_snippet').nullable();
          t.string('resolved_address', 64).nullable();
          t.string('signed_with', 200).notNullable();
          t.timestamp('next_attempt_at', { useTz: true, precision: 3 }).nullable();
          t.primary(['event_id', 'number']);
        }),
    );
  }
}
