import { ActivityFailure, continueAsNew, patched, proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { ChangeCheckResult } from '../temporal/contracts';

// A step is one transaction of a few seconds at most (bench/README.md); it heartbeats while it works, so a worker
// lost mid-step is noticed within the heartbeat timeout and the step retried on another worker, instead of after
// the whole start-to-close timeout. A repeated step adds nothing (the checkpoint and the unique keys).
const { checkChanges } = proxyActivities<Activities>({
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '20 seconds',
  retry: { maximumInterval: '1 minute' },
});

const { startAlertDeliveries } = proxyActivities<Activities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '1 minute',
  retry: { maximumInterval: '1 minute' },
});

// Bounded retries: the Schedule skips a check while one runs, so a refresh retrying without end would stop alerts.
const { refreshHealthScores } = proxyActivities<Activities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '1 minute',
  retry: { maximumInterval: '1 minute', maximumAttempts: 3 },
});

/**
 * One run of the change check, started by the `change-check` Schedule every 15 minutes. Each step reads the
 * next batch of register changes past the checkpoint and writes their alerts and deliveries in one transaction
 * (the checkpoint moves with them), then starts the deliveries' workflows. Steps repeat until the feed is read;
 * a long backlog continues as new rather than growing one history without bound. Last, stored health scores are
 * refreshed (the companies the changes queued, and the scores the clock made due); a failed refresh is reported
 * in the result and left to the next check, never holding back the alerts.
 */
export async function changeCheckWorkflow(carried?: ChangeCheckResult): Promise<ChangeCheckResult> {
  const result: ChangeCheckResult = carried ?? {
    steps: 0,
    changesRead: 0,
    overdueChanges: 0,
    alertsWritten: 0,
    deliveriesStarted: 0,
    throughSequence: 0,
  };
  for (;;) {
    const step = await checkChanges();
    result.steps++;
    result.changesRead += step.changesRead;
    result.overdueChanges += step.overdueChanges;
    result.alertsWritten += step.alertsWritten;
    result.throughSequence = step.throughSequence;
    if (step.deliveryEventIds.length > 0)
      result.deliveriesStarted += await startAlertDeliveries(step.deliveryEventIds);
    if (!step.more) {
      if (patched('health-scores')) {
        try {
          result.healthScores = await refreshHealthScores();
        } catch (error) {
          if (!(error instanceof ActivityFailure)) throw error;
          result.healthScoresError = error.cause?.message ?? error.message;
        }
      }
      return result;
    }
    if (workflowInfo().continueAsNewSuggested) await continueAsNew<typeof changeCheckWorkflow>(result);
  }
}
