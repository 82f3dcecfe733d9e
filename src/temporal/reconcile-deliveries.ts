import type { Client } from '@temporalio/client';
import type { Orm } from '../db/orm';
import type { Logger } from '../logger';
import {
  catchUpDeliveries,
  defaultDeliveryCatchUpOptions,
  type DeliveryCatchUpOptions,
  type DeliveryCatchUpSummary,
} from './delivery-catch-up';
import { reportStrandedDelivery } from './delivery-starter';
import { launchCurrentDeliveryWorkflow } from './redelivery-starter';
import { isDeliveryStillPending, pendingDeliveryPages } from './pending-deliveries';
import { runningDeliveryEventIds } from './running-delivery-workflows';

export interface RunningDeliveryCatchUp {
  /** Settles when the pass ends: its summary, or undefined if it failed (logged, never thrown). */
  done: Promise<DeliveryCatchUpSummary | undefined>;
  /** Takes no further delivery, waits for the starts in flight, and resolves once the pass has ended. */
  stop(): Promise<void>;
}

/**
 * Starts the delivery catch-up (delivery-catch-up.ts) in the background at worker start-up and returns at once:
 * the API and the worker's polling never wait for it (thousands of pending deliveries once meant minutes
 * without an API). A failure is logged, not fatal: what it did not reach is caught up at the next start-up,
 * and new deliveries start their own workflows meanwhile.
 */
export function startDeliveryCatchUp(
  deps: { orm: Orm; client: Client; taskQueue: string; logger: Logger },
  options: Partial<DeliveryCatchUpOptions> = {},
): RunningDeliveryCatchUp {
  const { orm, client, taskQueue, logger } = deps;
  const settings = { ...defaultDeliveryCatchUpOptions, ...options };
  const controller = new AbortController();
  const done = catchUpDeliveries(
    {
      runningEventIds: (signal) => runningDeliveryEventIds(client, signal),
      pendingPages: (signal) => pendingDeliveryPages(orm, settings.pageSize, signal),
      start: (delivery) => launchCurrentDeliveryWorkflow(client, taskQueue, delivery),
      isStillPending: (eventId) => isDeliveryStillPending(orm.em, eventId),
      reportStranded: (eventId) => reportStrandedDelivery(logger, eventId),
    },
    logger,
    settings,
    controller.signal,
  ).then(
    (summary) => {
      logger.info(
        summary,
        summary.cancelled
          ? 'delivery catch-up stopped by shutdown: the rest is caught up at the next start-up'
          : 'delivery catch-up done: every pending delivery has a workflow or is reported stranded',
      );
      return summary;
    },
    (error: unknown) => {
      logger.error(
        { err: error },
        'delivery catch-up failed: pending deliveries without a workflow wait for the next start-up',
      );
      return undefined;
    },
  );
  return {
    done,
    async stop() {
      controller.abort();
      await done;
    },
  };
}
