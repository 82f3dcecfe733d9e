import {
  ScheduleAlreadyRunning,
  ScheduleOverlapPolicy,
  type Client,
  type ScheduleOptions,
} from '@temporalio/client';
import type { Logger } from '../logger';
import type { ChangeCheckResult } from './contracts';
import { CHANGE_CHECK_SCHEDULE_ID, workflowTypes } from './names';

/** Spec: "Changes are checked for every 15 minutes". */
export const CHANGE_CHECK_INTERVAL = '15 minutes';
/**
 * After an outage, one missed check inside this window runs on recovery instead of waiting for the next slot.
 * One is enough: every run reads all changes past the checkpoint, so older missed slots have nothing of their own.
 */
export const CHANGE_CHECK_CATCHUP_WINDOW = '1 hour';

function scheduleDefinition(taskQueue: string): Omit<ScheduleOptions, 'scheduleId'> {
  return {
    spec: { intervals: [{ every: CHANGE_CHECK_INTERVAL }] },
    action: {
      type: 'startWorkflow',
      workflowType: workflowTypes.changeCheck,
      workflowId: CHANGE_CHECK_SCHEDULE_ID,
      taskQueue,
      args: [],
      staticSummary: 'register change check: alerts and webhooks for monitored companies',
    },
    policies: {
      // A check still running when the next is due (a large backlog) simply carries on; the next slot picks up
      // whatever arrived meanwhile.
      overlap: ScheduleOverlapPolicy.SKIP,
      catchupWindow: CHANGE_CHECK_CATCHUP_WINDOW,
    },
  };
}

/**
 * Creates the `change-check` Schedule, or brings an existing one in line with this code (interval, workflow,
 * task queue, policies): every worker start runs this, so several workers or a redeploy converge on one Schedule.
 * A paused Schedule stays paused: pausing is an operator's decision.
 */
export async function ensureChangeCheckSchedule(
  client: Client,
  taskQueue: string,
  logger: Logger,
): Promise<void> {
  const definition = scheduleDefinition(taskQueue);
  try {
    await client.schedule.create({ scheduleId: CHANGE_CHECK_SCHEDULE_ID, ...definition });
    logger.info({ scheduleId: CHANGE_CHECK_SCHEDULE_ID }, 'created the change-check schedule');
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
    await client.schedule.getHandle(CHANGE_CHECK_SCHEDULE_ID).update((previous) => ({
      ...previous,
      spec: definition.spec,
      action: definition.action,
      policies: { ...previous.policies, ...definition.policies },
    }));
    logger.info({ scheduleId: CHANGE_CHECK_SCHEDULE_ID }, 'change-check schedule up to date');
  }
}

/**
 * Runs the check now, outside its 15-minute rhythm (the CLI's `check-changes`, the tests), and waits for that
 * run's result. The trigger keeps the overlap policy: when a check is already running, the trigger is skipped,
 * so this waits for the running one and triggers again, until a run it started has finished.
 */
export async function runChangeCheckNow(
  client: Client,
  options: { timeoutMs?: number; pollMs?: number } = {},
): Promise<{ workflowId: string; runId: string; result: ChangeCheckResult }> {
  const handle = client.schedule.getHandle(CHANGE_CHECK_SCHEDULE_ID);
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  const pollMs = options.pollMs ?? 100;
  for (;;) {
    const before = (await handle.describe()).info;
    await handle.trigger(ScheduleOverlapPolicy.SKIP);
    for (;;) {
      if (Date.now() > deadline) throw new Error('the change check did not start in time');
      const info = (await handle.describe()).info;
      if (info.numActionsTaken > before.numActionsTaken) {
        const started = info.recentActions.at(-1)!.action.workflow;
        const result = await client.workflow
          .getHandle<ChangeCheckWorkflow>(started.workflowId, started.firstExecutionRunId, {
            followRuns: true,
          })
          .result();
        return { workflowId: started.workflowId, runId: started.firstExecutionRunId, result };
      }
      if (info.numActionsSkippedOverlap > before.numActionsSkippedOverlap) {
        for (const running of info.runningActions)
          await client.workflow
            .getHandle(running.workflow.workflowId)
            .result()
            .catch(() => undefined);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }
}

type ChangeCheckWorkflow = () => Promise<ChangeCheckResult>;
