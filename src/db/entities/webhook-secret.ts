import { EntitySchema } from '@mikro-orm/core';

/**
 * A signing secret. Active at time T when created at or before T, not retired, and T is before
 * `expiresAt` (set when a newer secret replaces it). `retiredAt` is written by the rotation workflow
 * when the 24 hours are up; `expiresAt` alone already ends the overlap exactly on time.
 */
export interface WebhookSecret {
  id: string;
  accountId: string;
  secret: string;
  createdAt: Date;
  expiresAt: Date | null;
  retiredAt: Date | null;
}

export const WebhookSecretEntity = new EntitySchema<WebhookSecret>({
  name: 'WebhookSecret',
  tableName: 'webhook_secrets',
  properties: {
    id: { type: 'string', primary: true },
    accountId: { type: 'string', fieldName: 'account_id', index: true },
    secret: { type: 'string' },
    createdAt: { type: 'datetime', fieldName: 'created_at' },
    expiresAt: { type: 'datetime', fieldName: 'expires_at', nullable: true },
    retiredAt: { type: 'datetime', fieldName: 'retired_at', nullable: true },
  },
});
