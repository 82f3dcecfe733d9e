import {
  ActivityFailure,
  proxyActivities,
  sleep,
  TimeoutFailure,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { WebhookDeliveryInput, WebhookDeliveryResult } from '../temporal/contracts';
import { searchAttributes } from '../temporal/search-attributes';
import { formatDelay, RETRY_DELAYS_MS } from './retry-schedule';

type AttemptResult = Awaited<ReturnType<Activities['sendDeliveryAttempt']>>;

// The send is tried once per attempt: a crash mid-send counts as a failed attempt and is retried only on the
// spec's schedule. Recording is an idempotent upsert, so it may retry as often as it needs.
const { sendDeliveryAttempt } = proxyActivities<Activities>({
  startToCloseTimeout: '45 seconds',
  retry: { maximumAttempts: 1 },
});
const { recordDeliveryAttempt } = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

/** An attempt whose activity never reported back (worker lost, activity timed out) is a failed attempt. */
function unfinishedAttempt(error: unknown): AttemptResult {
  const cause = error instanceof ActivityFailure ? error.cause : undefined;
  const message = cause?.message ?? (error instanceof Error ? error.message : String(error));
  return {
    delivered: false,
    errorClass: cause instanceof TimeoutFailure ? 'timeout' : 'connect',
    errorMessage: `the attempt did not complete: ${message}`,
    durationMs: 0,
    attemptedAt: Date.now(),
    signedWith: [],
  };
}

/**
 * One delivery of one event (id `webhook-delivery/<event id>`): attempt, record, and after a failure sleep
 * exactly 1m, 5m, 30m, 2h, 6h, 12h, 24h; the first 2xx ends it as delivered, the 8th failure as failed.
 */
export async function webhookDeliveryWorkflow(input: WebhookDeliveryInput): Promise<WebhookDeliveryResult> {
  const retries = input.maxAttempts - 1;
  for (let attempt = 1; ; attempt++) {
    const result = await sendDeliveryAttempt({ eventId: input.eventId, attempt }).catch(unfinishedAttempt);
    const status = result.delivered ? 'delivered' : attempt >= input.maxAttempts ? 'failed' : 'pending';
    const delay = status === 'pending' ? RETRY_DELAYS_MS[attempt - 1]! : undefined;
    await recordDeliveryAttempt({
      eventId: input.eventId,
      attempt,
      result,
      status,
      nextAttemptAt: delay === undefined ? null : Date.now() + delay,
    });
    if (delay === undefined) {
      upsertSearchAttributes([{ key: searchAttributes.deliveryStatus, value: status }]);
      return { status: status as 'delivered' | 'failed', attempts: attempt, lastAttempt: result };
    }
    await sleep(delay, { summary: `retry ${attempt} of ${retries} in ${formatDelay(delay)}` });
  }
}
