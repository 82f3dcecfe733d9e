import type { EntitySchema } from '@mikro-orm/core';
import { WebhookRecoveryEntity } from './webhook-recovery';
import { WebhookRedeliveryEntity } from './webhook-redelivery';

/** Redeliveries and recoveries of webhook deliveries (issue 14); registered in index.ts through this list. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const redeliveryEntities: EntitySchema<any>[] = [WebhookRedeliveryEntity, WebhookRecoveryEntity];
