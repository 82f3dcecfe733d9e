import { Context, heartbeat } from '@temporalio/activity';
import {
  runChangeCheckStep,
  type ChangeCheckProgress,
  type ChangeCheckStep,
} from '../domain/changes/change-check';
import { forEachWithConcurrency } from '../temporal/delivery-catch-up-pool';
import {
  DELIVERY_START_CONCURRENCY,
  launchDeliveryWorkflow,
  reportStrandedDelivery,
} from '../temporal/delivery-starter';
import { isDeliveryStillPending, pendingDeliveriesAmong } from '../temporal/pending-deliveries';
import type { ActivityDeps } from './deps';

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
     * id, USE_EXISTING + REJECT_DUPLICATE), so a retry after a crash half-way starts only the rest. The rows are
     * read together up front (one query per 500), then started DELIVERY_START_CONCURRENCY at a time; a start
     * that finds its workflow closed reads its row again before calling it stranded, as before.
     */
    async startAlertDeliveries(eventIds: string[]): Promise<number> {
      const deliveries = await pendingDeliveriesAmong(orm.em, eventIds);
      let started = 0;
      await forEachWithConcurrency(deliveries, DELIVERY_START_CONCURRENCY, async (delivery) => {
        const { outcome } = await launchDeliveryWorkflow(temporal.client, temporal.taskQueue, delivery);
        if (outcome === 'closed') {
          // A retried step may find the workflow its first try started already finished: not stranded.
          if (await isDeliveryStillPending(orm.em, delivery.eventId))
            reportStrandedDelivery(logger, delivery.eventId);
          return;
        }
        started++;
        heartbeat(started);
      });
      return started;
    },
  };
}
