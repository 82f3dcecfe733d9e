import { EntitySchema } from '@mikro-orm/core';

/**
 * One request to send a delivery again (migration 0017), by the redeliver endpoint or as part of a recovery.
 * (eventId, number) is the key; number is the n of the workflow id `webhook-delivery/<event id>/redelivery-<n>`.
 */
export interface WebhookRedelivery {
  eventId: string;
  number: number;
  accountId: string;
  workflowId: string;
  /** The attempt number its first send is recorded under: attempts continue the delivery's numbering. */
  firstAttempt: number;
  /** The recover call that started it; null for a redelivery asked for one delivery. */
  recoveryId: string | null;
  idempotencyKey: string | null;
  /** JSON of the redeliver endpoint's answer, given again for a repeated Idempotency-Key. */
  answer: string | null;
  requestedAt: Date;
}

export const WebhookRedeliveryEntity = new EntitySchema<WebhookRedelivery>({
  name: 'WebhookRedelivery',
  tableName: 'webhook_redeliveries',
  properties: {
    eventId: { type: 'string', primary: true, fieldName: 'event_id' },
    number: { type: 'integer', primary: true },
    accountId: { type: 'string', fieldName: 'account_id' },
    workflowId: { type: 'string', fieldName: 'workflow_id' },
    firstAttempt: { type: 'integer', fieldName: 'first_attempt' },
    recoveryId: { type: 'string', fieldName: 'recovery_id', nullable: true },
    idempotencyKey: { type: 'string', fieldName: 'idempotency_key', nullable: true },
    answer: { type: 'text', nullable: true },
    requestedAt: { type: 'datetime', fieldName: 'requested_at' },
  },
});
