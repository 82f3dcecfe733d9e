import { ScheduleOverlapPolicy, type Client, type ScheduleOptions } from '@temporalio/client';
import type { SanctionsRefreshOutcome } from '../domain/sanctions/sanctions-list-import-result';
import type { Logger } from '../logger';
import { ensureSchedule } from './ensure-schedule';
import { SANCTIONS_REFRESH_SCHEDULE_ID, workflowTypes } from './names';
import { runScheduleNow } from './run-schedule-now';

/** The issue: "A Temporal Schedule refreshes it daily". */
export const SANCTIONS_REFRESH_INTERVAL = '1 day';
/** 06:00 UTC: after the list's overnight publications, before the UK working day starts screening. */
export const SANCTIONS_REFRESH_OFFSET = '6 hours';
/**
 * A worker that was down at 06:00 refreshes when it comes back the same day rather than a day late; one run
 * covers every missed slot, since each reads the whole list.
 */
export const SANCTIONS_REFRESH_CATCHUP_WINDOW = '1 day';

function scheduleDefinition(taskQueue: string): Omit<ScheduleOptions, 'scheduleId'> {
  return {
    spec: { intervals: [{ every: SANCTIONS_REFRESH_INTERVAL, offset: SANCTIONS_REFRESH_OFFSET }] },
    action: {
      type: 'startWorkflow',
      workflowType: workflowTypes.sanctionsRefresh,
      workflowId: SANCTIONS_REFRESH_SCHEDULE_ID,
      taskQueue,
      args: [],
      staticSummary: 'UK Sanctions List refresh: a new version when the published list changed',
    },
    policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: SANCTIONS_REFRESH_CATCHUP_WINDOW },
  };
}

/**
 * Creates or updates the `sanctions-refresh` Schedule at every worker start. It exists whether or not a source
 * is configured (a run without one reports `not_configured`), so an operator finds it, and its history, in the
 * Web UI the same way on every install.
 */
export async function ensureSanctionsRefreshSchedule(
  client: Client,
  taskQueue: string,
  logger: Logger,
): Promise<void> {
  await ensureSchedule(client, SANCTIONS_REFRESH_SCHEDULE_ID, scheduleDefinition(taskQueue), logger);
}

/** Refreshes now (the CLI's `sanctions refresh`, the tests) through the Schedule, and waits for the outcome. */
export async function runSanctionsRefreshNow(
  client: Client,
  options: { timeoutMs?: number; pollMs?: number } = {},
): Promise<{ workflowId: string; runId: string; result: SanctionsRefreshOutcome }> {
  return runScheduleNow<SanctionsRefreshOutcome>(client, SANCTIONS_REFRESH_SCHEDULE_ID, options);
}
