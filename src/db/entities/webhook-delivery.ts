import { EntitySchema } from '@mikro-orm/core';

export const deliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/**
 * One event on its way to one address. `eventId` is unique: the database's last guard against a second
 * delivery of the same event. The body is stored as sent, so every retry carries the same bytes.
 */
export interface WebhookDelivery {
  eventId: string;
  accountId: string;
  eventType: string;
  companyNumber: string | null;
  alertId: number | null;
  url: string;
  body: string;
  status: DeliveryStatus;
  maxAttempts: number;
  attemptCount: number;
  createdAt: Date;
  updatedAt: Date;
  nextAttemptAt: Date | null;
  completedAt: Date | null;
  /**
   * How many times the delivery was sent again on request (migration 0017): the n of its current workflow id,
   * `webhook-delivery/<event id>/redelivery-<n>`. Optional in the type only so rows written without it get the
   * column's default, 0.
   */
  redeliveryCount?: number;
  redeliveredAt?: Date | null;
  /** Also carries the Standard Webhooks headers (migration 0036); optional in the type as redeliveryCount is. */
  standardWebhooks?: boolean;
}

export const WebhookDeliveryEntity = new EntitySchema<WebhookDelivery>({
  name: 'WebhookDelivery',
  tableName: 'webhook_deliveries',
  properties: {
    eventId: { type: 'string', primary: true, fieldName: 'event_id' },
    accountId: { type: 'string', fieldName: 'account_id' },
    eventType: { type: 'string', fieldName: 'event_type' },
    companyNumber: { type: 'string', fieldName: 'company_number', nullable: true },
    alertId: { type: 'integer', fieldName: 'alert_id', nullable: true },
    url: { type: 'text' },
    body: { type: 'text' },
    status: { type: 'string' },
    maxAttempts: { type: 'integer', fieldName: 'max_attempts' },
    attemptCount: { type: 'integer', fieldName: 'attempt_count' },
    createdAt: { type: 'datetime', fieldName: 'created_at' },
    updatedAt: { type: 'datetime', fieldName: 'updated_at' },
    nextAttemptAt: { type: 'datetime', fieldName: 'next_attempt_at', nullable: true },
    completedAt: { type: 'datetime', fieldName: 'completed_at', nullable: true },
    redeliveryCount: { type: 'integer', fieldName: 'redelivery_count', default: 0 },
    redeliveredAt: { type: 'datetime', fieldName: 'redelivered_at', nullable: true },
    standardWebhooks: { type: 'boolean', fieldName: 'standard_webhooks', default: false },
  },
});
