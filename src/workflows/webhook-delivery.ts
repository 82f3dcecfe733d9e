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

/**
 * An attempt whose activity never reported back (worker lost, activity timed out) is a failed attempt. It is
 * recorded as sent when it was scheduled, lasting until the failure arrived, so the attempt history agrees with
 * the receiver's logs. (Date.now() in a workflow is the workflow task's time: no command, replay-safe.)
 */
function unfinishedAttempt(error: unknown, startedAt: number): AttemptResult {
  const cause = error instanceof ActivityFailure ? error.cause : undefined;
  const message = cause?.message ?? (error instanceof Error ? error.message : String(error));
  return {
    delivered: false,
    errorClass: cause instanceof TimeoutFailure ? 'timeout' : 'connect',
    errorMessage: `the attempt did not complete: ${message}`,
    durationMs: Date.now() - startedAt,
    attemptedAt: startedAt,
    signedWith: [],
  };
}

/**
 * One send of one event (id `webhook-delivery/<event id>`, or `…/redelivery-<n>` when sent again on request):
 * attempt, record, and after a failure sleep exactly 1m, 5m, 30m, 2h, 6h, 12h, 24h; the first 2xx ends it as
 * delivered, the last of `maxAttempts` failures as failed. A redelivery numbers its attempts on from the
 * delivery's last (`firstAttempt`) and runs the same schedule.
 */
export async function webhookDeliveryWorkflow(input: WebhookDeliveryInput): Promise<WebhookDeliveryResult> {
  const retries = input.maxAttempts - 1;
  const firstAttempt = input.firstAttempt ?? 1;
  for (let sent = 1; ; sent++) {
    const attempt = firstAttempt + sent - 1;
    const startedAt = Date.now();
    const result = await sendDeliveryAttempt({ eventId: input.eventId, attempt }).catch((error: unknown) =>
      unfinishedAttempt(error, startedAt),
    );
    const status = result.delivered ? 'delivered' : sent >= input.maxAttempts ? 'failed' : 'pending';
    const delay = status === 'pending' ? RETRY_DELAYS_MS[sent - 1]! : undefined;
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
    await sleep(delay, { summary: `retry ${sent} of ${retries} in ${formatDelay(delay)}` });
  }
}
