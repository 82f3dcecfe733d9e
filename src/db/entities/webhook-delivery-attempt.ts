import { EntitySchema } from '@mikro-orm/core';

/** One POST of a delivery. (eventId, number) is unique so recording an attempt twice changes nothing. */
export interface WebhookDeliveryAttempt {
  eventId: string;
  number: number;
  attemptedAt: Date;
  durationMs: number;
  delivered: boolean;
  statusCode: number | null;
  errorClass: string | null;
  errorMessage: string | null;
  responseSnippet: string | null;
  resolvedAddress: string | null;
  /** Ids of the secrets whose v1 values the attempt carried (two during a rotation). */
  signedWith: string;
  nextAttemptAt: Date | null;
}

export const WebhookDeliveryAttemptEntity = new EntitySchema<WebhookDeliveryAttempt>({
  name: 'WebhookDeliveryAttempt',
  tableName: 'webhook_delivery_attempts',
  properties: {
    eventId: { type: 'string', primary: true, fieldName: 'event_id' },
    number: { type: 'integer', primary: true },
    attemptedAt: { type: 'datetime', fieldName: 'attempted_at' },
    durationMs: { type: 'integer', fieldName: 'duration_ms' },
    delivered: { type: 'boolean' },
    statusCode: { type: 'integer', fieldName: 'status_code', nullable: true },
    errorClass: { type: 'string', fieldName: 'error_class', nullable: true },
    errorMessage: { type: 'text', fieldName: 'error_message', nullable: true },
    responseSnippet: { type: 'text', fieldName: 'response_snippet', nullable: true },
    resolvedAddress: { type: 'string', fieldName: 'resolved_address', nullable: true },
    signedWith: { type: 'string', fieldName: 'signed_with' },
    nextAttemptAt: { type: 'datetime', fieldName: 'next_attempt_at', nullable: true },
  },
});
