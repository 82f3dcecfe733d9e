import { heartbeat } from '@temporalio/activity';
import { WebhookDeliveryEntity } from '../db/entities/webhook-delivery';
import { runChangeCheckStep, type ChangeCheckStep } from '../domain/changes/change-check';
import { launchDeliveryWorkflow, reportStrandedDelivery } from '../temporal/delivery-starter';
import type { ActivityDeps } from './deps';

/** Delivery workflows started at once: enough to hide the round trips, few enough not to flood the frontend. */
const START_CONCURRENCY = 16;

export function changeCheckActivities(deps: ActivityDeps) {
  const { orm, clock, logger, temporal, publicBaseUrl } = deps;
  return {
    /** One transaction: overdue changes, alerts, pending deliveries, checkpoint (domain/changes/change-check.ts). */
    async checkChanges(): Promise<ChangeCheckStep> {
      const step = await runChangeCheckStep(orm.em.fork(), {
        now: clock(),
        publicBaseUrl,
        batchSize: deps.changeCheckBatchSize,
      });
      logger.info(
        {
          throughSequence: step.throughSequence,
          changesRead: step.changesRead,
          overdueChanges: step.overdueChanges,
          alertsWritten: step.alertsWritten,
          deliveries: step.deliveryEventIds.length,
        },
        'change check step',
      );
      return step;
    },

    /**
     * Starts the delivery workflow of each stored delivery still pending. Idempotent (workflow id from the event
     * id, USE_EXISTING + REJECT_DUPLICATE), so a retry after a crash half-way starts only the rest.
     */
    async startAlertDeliveries(eventIds: string[]): Promise<number> {
      const em = orm.em.fork();
      let next = 0;
      let started = 0;
      const startNext = async (): Promise<void> => {
        while (next < eventIds.length) {
          const eventId = eventIds[next++]!;
          const delivery = await em.fork().findOne(WebhookDeliveryEntity, { eventId });
          if (!delivery || delivery.status !== 'pending') continue;
          const { outcome } = await launchDeliveryWorkflow(temporal.client, temporal.taskQueue, delivery);
          if (outcome === 'closed') {
            reportStrandedDelivery(logger, eventId);
            continue;
          }
          started++;
          heartbeat(started);
        }
      };
      await Promise.all(Array.from({ length: START_CONCURRENCY }, startNext));
      return started;
    },
  };
}
