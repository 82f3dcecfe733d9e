import type { Client } from '@temporalio/client';
import { WebhookDeliveryEntity } from '../db/entities/webhook-delivery';
import type { Orm } from '../db/orm';
import type { Logger } from '../logger';
import { launchDeliveryWorkflow, reportStrandedDelivery } from './delivery-starter';

/**
 * A delivery is stored before its workflow starts. A crash between the two would leave it pending with no
 * workflow; at worker start-up, start the workflow of every pending delivery. Starting is idempotent (a running
 * workflow is reused and a finished one is never run again), so this is safe to repeat.
 */
export async function reconcilePendingDeliveries(
  orm: Orm,
  client: Client,
  taskQueue: string,
  logger: Logger,
) {
  const pending = await orm.em.fork().find(WebhookDeliveryEntity, { status: 'pending' });
  for (const delivery of pending) {
    const { outcome } = await launchDeliveryWorkflow(client, taskQueue, delivery);
    if (outcome === 'closed') reportStrandedDelivery(logger, delivery.eventId);
  }
  if (pending.length > 0) logger.info({ pending: pending.length }, 'pending deliveries have their workflows');
}
