import { EntitySchema } from '@mikro-orm/core';

/** One recover call (migration 0017): what it asked for, what it started, and the answer it gave. */
export interface WebhookRecovery {
  id: string;
  accountId: string;
  since: Date;
  /** The most deliveries the call would start. */
  batchLimit: number;
  idempotencyKey: string | null;
  /** The disabled address the call re-enabled (migration 0037); null for a recovery of every address. */
  url: string | null;
  /** `webhook-recovery/<account id>/<id>`; null when there was nothing to send. */
  workflowId: string | null;
  started: number;
  truncated: boolean;
  /** JSON of the answer, given again for a repeated Idempotency-Key. */
  answer: string;
  createdAt: Date;
}

export const WebhookRecoveryEntity = new EntitySchema<WebhookRecovery>({
  name: 'WebhookRecovery',
  tableName: 'webhook_recoveries',
  properties: {
    id: { type: 'string', primary: true },
    accountId: { type: 'string', fieldName: 'account_id' },
    since: { type: 'datetime' },
    batchLimit: { type: 'integer', fieldName: 'batch_limit' },
    idempotencyKey: { type: 'string', fieldName: 'idempotency_key', nullable: true },
    url: { type: 'text', nullable: true },
    workflowId: { type: 'string', fieldName: 'workflow_id', nullable: true },
    started: { type: 'integer' },
    truncated: { type: 'boolean' },
    answer: { type: 'text' },
    createdAt: { type: 'datetime', fieldName: 'created_at' },
  },
});
