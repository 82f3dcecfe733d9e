import { ScheduleOverlapPolicy, type Client, type ScheduleOptions } from '@temporalio/client';
import type { Logger } from '../logger';
import type { ChangeCheckResult } from './contracts';
import { CHANGE_CHECK_SCHEDULE_ID, workflowTypes } from './names';
import { ensureSchedule } from './ensure-schedule';
import { runScheduleNow, type RunScheduleNowOptions, type ScheduleRunReport } from './run-schedule-now';

/** Spec: "Changes are checked for every 15 minutes". */
export const CHANGE_CHECK_INTERVAL = '15 minutes';
/**
 * After an outage, one missed check inside this window runs on recovery instead of waiting for the next slot.
 * One is enough: every run reads all changes past the checkpoint, so older missed slots have nothing of their own.
 */
export const CHANGE_CHECK_CATCHUP_WINDOW = '1 hour';

function scheduleDefinition(
  taskQueue: string,
  intervalSeconds: number | undefined,
): Omit<ScheduleOptions, 'scheduleId'> {
  return {
    spec: {
      intervals: [{ every: intervalSeconds === undefined ? CHANGE_CHECK_INTERVAL : intervalSeconds * 1000 }],
    },
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
 * Creates or updates the `change-check` Schedule (ensure-schedule.ts): every worker start runs this, with the
 * worker's CHANGE_CHECK_INTERVAL_SECONDS; without one, the spec's 15 minutes.
 */
export async function ensureChangeCheckSchedule(
  client: Client,
  taskQueue: string,
  logger: Logger,
  options: { intervalSeconds?: number } = {},
): Promise<void> {
  await ensureSchedule(
    client,
    CHANGE_CHECK_SCHEDULE_ID,
    scheduleDefinition(taskQueue, options.intervalSeconds),
    logger,
  );
}

/**
 * Runs the check now, outside its 15-minute rhythm (the CLI's `check-changes`, the tests), and waits for it; a
 * check already running is waited for first (and reported), so the result covers every change made before the call.
 */
export async function runChangeCheckNow(
  client: Client,
  options: RunScheduleNowOptions = {},
): Promise<ScheduleRunReport<ChangeCheckResult>> {
  return runScheduleNow<ChangeCheckResult>(client, CHANGE_CHECK_SCHEDULE_ID, options);
}
