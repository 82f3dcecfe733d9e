import type { Logger } from '../logger';
import { DELIVERY_START_CONCURRENCY, type DeliveryToStart } from './delivery-starter';
import { forEachWithConcurrency } from './delivery-catch-up-pool';

/** What the catch-up reads and does, as functions: the worker wires them to the database and Temporal. */
export interface DeliveryCatchUpSources {
  /** Event ids whose delivery workflow is running now (one visibility listing). */
  runningEventIds(signal: AbortSignal): Promise<Set<string>>;
  /** Every pending delivery, a page at a time. */
  pendingPages(signal: AbortSignal): AsyncIterable<DeliveryToStart[]>;
  /** Starts the delivery's workflow idempotently and says what it found (launchDeliveryWorkflow). */
  start(delivery: DeliveryToStart): Promise<{ outcome: 'started' | 'running' | 'closed' }>;
  /** Reads the delivery's row afresh. */
  isStillPending(eventId: string): Promise<boolean>;
  /** Says a pending delivery will never be sent (reportStrandedDelivery). */
  reportStranded(eventId: string): void;
}

export interface DeliveryCatchUpSummary {
  /** Pending deliveries read. */
  pending: number;
  /** Of these, with a running workflow: listed by visibility, or found running by the start. */
  alreadyRunning: number;
  started: number;
  /** Found a closed workflow, but the row read again was no longer pending: it finished while we ran. */
  finishedMeanwhile: number;
  /** Still pending with a closed workflow: will never be sent, reported once each. */
  stranded: number;
  /** Starts that threw (Temporal unreachable mid-way, say): tried again at the next start-up. */
  failed: number;
  /** Stopped early by shutdown; the rest is caught up at the next start-up. */
  cancelled: boolean;
  elapsedMs: number;
}

export interface DeliveryCatchUpOptions {
  /** Pending rows read at a time. */
  pageSize: number;
  /** Workflow starts in flight at once. */
  concurrency: number;
}

export const defaultDeliveryCatchUpOptions: DeliveryCatchUpOptions = {
  pageSize: 500,
  concurrency: DELIVERY_START_CONCURRENCY,
};

/**
 * One pass of the delivery catch-up. A delivery is stored before its workflow starts, so a crash between the
 * two leaves it pending with no workflow. The running workflows are listed once, and only the pending
 * deliveries missing from that list are started, several at a time; starting stays idempotent (USE_EXISTING,
 * REJECT_DUPLICATE), so a workflow started since the listing is joined, never doubled. A start that finds the
 * workflow closed re-reads the row before saying anything: only a delivery still pending is stranded.
 */
export async function catchUpDeliveries(
  sources: DeliveryCatchUpSources,
  logger: Logger,
  options: DeliveryCatchUpOptions = defaultDeliveryCatchUpOptions,
  signal: AbortSignal = new AbortController().signal,
): Promise<DeliveryCatchUpSummary> {
  const began = performance.now();
  const counts = { pending: 0, alreadyRunning: 0, started: 0, finishedMeanwhile: 0, stranded: 0, failed: 0 };

  const startMissing = async (delivery: DeliveryToStart): Promise<void> => {
    try {
      const { outcome } = await sources.start(delivery);
      if (outcome === 'started') counts.started++;
      else if (outcome === 'running') counts.alreadyRunning++;
      else if (await sources.isStillPending(delivery.eventId)) {
        counts.stranded++;
        sources.reportStranded(delivery.eventId);
      } else {
        counts.finishedMeanwhile++;
        logger.debug({ eventId: delivery.eventId }, 'a pending delivery finished while the catch-up ran');
      }
    } catch (error) {
      // One delivery that cannot be started must not hold up the others.
      counts.failed++;
      logger.warn({ err: error, eventId: delivery.eventId }, 'could not catch up a pending delivery');
    }
  };

  const running = await sources.runningEventIds(signal);
  for await (const page of sources.pendingPages(signal)) {
    if (signal.aborted) break;
    counts.pending += page.length;
    const missing = page.filter((delivery) => !running.has(delivery.eventId));
    counts.alreadyRunning += page.length - missing.length;
    await forEachWithConcurrency(missing, options.concurrency, startMissing, signal);
    if (signal.aborted) break; // before reading another page
  }
  return { ...counts, cancelled: signal.aborted, elapsedMs: Math.round(performance.now() - began) };
}
