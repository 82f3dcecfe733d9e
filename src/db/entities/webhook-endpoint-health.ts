import { EntitySchema } from '@mikro-orm/core';

export const endpointStates = ['enabled', 'disabled'] as const;
export type EndpointState = (typeof endpointStates)[number];

/** How one webhook address of one account is doing (migration 0037). */
export interface WebhookEndpointHealth {
  accountId: string;
  url: string;
  state: EndpointState;
  /** Failed attempts since the last success (any delivery to the address). */
  consecutiveFailures: number;
  lastError: string | null;
  lastSuccessAt: Date | null;
  /** The first failure of the current run of failures; null after a success. */
  failingSince: Date | null;
  disabledAt: Date | null;
  updatedAt: Date;
}

export const WebhookEndpointHealthEntity = new EntitySchema<WebhookEndpointHealth>({
  name: 'WebhookEndpointHealth',
  tableName: 'webhook_endpoint_health',
  properties: {
    accountId: { type: 'string', primary: true, fieldName: 'account_id' },
    url: { type: 'text', primary: true },
    state: { type: 'string' },
    consecutiveFailures: { type: 'integer', fieldName: 'consecutive_failures' },
    lastError: { type: 'text', fieldName: 'last_error', nullable: true },
    lastSuccessAt: { type: 'datetime', fieldName: 'last_success_at', nullable: true },
    failingSince: { type: 'datetime', fieldName: 'failing_since', nullable: true },
    disabledAt: { type: 'datetime', fieldName: 'disabled_at', nullable: true },
    updatedAt: { type: 'datetime', fieldName: 'updated_at' },
  },
});
