import { Context, heartbeat } from '@temporalio/activity';
import { WebhookDeliveryEntity } from '../db/entities/webhook-delivery';
import {
  runChangeCheckStep,
  type ChangeCheckProgress,
  type ChangeCheckStep,
} from '../domain/changes/change-check';
import { launchDeliveryWorkflow, reportStrandedDelivery } from '../temporal/delivery-starter';
import { isDeliveryStillPending } from '../temporal/pending-deliveries';
import type { ActivityDeps } from './deps';

/** Delivery workflows started at once: enough to hide the round trips, few enough not to flood the frontend. */
const START_CONCURRENCY = 16;
/**
 * Besides the step's own progress, a beat on a timer: a wait for a lock (the checkpoint row, the change log on
 * PostgreSQL) reports nothing by itself. Well inside the workflow's 20-second heartbeat timeout; the SDK throttles
 * what it sends to the server anyway.
 */
export const CHECK_HEARTBEAT_EVERY_MS = 5_000;

/** Runs `work`, calling `beat` at once and every `everyMs` until it settles. */
export async function heartbeatWhile<T>(
  work: () => Promise<T>,
  beat: () => void,
  everyMs: number,
): Promise<T> {
  beat();
  const timer = setInterval(beat, everyMs);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

export function changeCheckActivities(deps: ActivityDeps) {
  const { orm, clock, logger, temporal, publicBaseUrl } = deps;
  return {
    /** One transaction: overdue changes, alerts, pending deliveries, checkpoint (domain/changes/change-check.ts). */
    async checkChanges(): Promise<ChangeCheckStep> {
      const context = Context.current();
      // The last progress rides on every beat: the Web UI's pending activity shows how far the step got.
      let progress: ChangeCheckProgress | undefined;
      const step = await heartbeatWhile(
        () =>
          runChangeCheckStep(orm.em.fork(), {
            now: clock(),
            publicBaseUrl,
            batchSize: deps.changeCheckBatchSize,
            onProgress: (latest) => {
              progress = latest;
              context.heartbeat(latest);
            },
          }),
        () => context.heartbeat(progress),
        CHECK_HEARTBEAT_EVERY_MS,
      );
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
            // A retried step may find the workflow its first try started already finished: not stranded.
            if (await isDeliveryStillPending(orm.em, eventId)) reportStrandedDelivery(logger, eventId);
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
