import { ScheduleOverlapPolicy, type Client, type ScheduleOptions } from '@temporalio/client';
import type { SanctionsRefreshOutcome } from '../domain/sanctions/sanctions-list-import-result';
import { sanctionsListIds, type SanctionsListId } from '../domain/sanctions/sanctions-lists';
import { SANCTIONS_LIST_REFRESH } from '../ingest/sanctions/sanctions-list-refresh-table';
import type { Logger } from '../logger';
import { ensureSchedule } from './ensure-schedule';
import { workflowTypes } from './names';
import { runScheduleNow, type ScheduleRunReport } from './run-schedule-now';

/** The issue: "A Temporal Schedule refreshes it daily". */
export const SANCTIONS_REFRESH_INTERVAL = '1 day';
/** 06:00 UTC: after the lists' overnight publications, before the UK working day starts screening. */
export const SANCTIONS_REFRESH_OFFSET = '6 hours';
/**
 * A worker that was down at 06:00 refreshes when it comes back the same day rather than a day late; one run
 * covers every missed slot, since each reads the whole list.
 */
export const SANCTIONS_REFRESH_CATCHUP_WINDOW = '1 day';

function scheduleDefinition(list: SanctionsListId, taskQueue: string): Omit<ScheduleOptions, 'scheduleId'> {
  const { scheduleId, summary } = SANCTIONS_LIST_REFRESH[list];
  return {
    spec: { intervals: [{ every: SANCTIONS_REFRESH_INTERVAL, offset: SANCTIONS_REFRESH_OFFSET }] },
    action: {
      type: 'startWorkflow',
      workflowType: workflowTypes.sanctionsRefresh,
      workflowId: scheduleId,
      taskQueue,
      args: [list],
      staticSummary: summary,
    },
    policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: SANCTIONS_REFRESH_CATCHUP_WINDOW },
  };
}

/**
 * Creates or updates every list's refresh Schedule at every worker start. Each exists whether or not its source
 * is configured (a run without one reports `not_configured`), so an operator finds them, and their history, in
 * the Web UI the same way on every install. One Schedule per list rather than one for all: a list whose source
 * fails or hangs does not hold up the others, and each list's history is its own.
 */
export async function ensureSanctionsRefreshSchedules(
  client: Client,
  taskQueue: string,
  logger: Logger,
): Promise<void> {
  for (const list of sanctionsListIds)
    await ensureSchedule(
      client,
      SANCTIONS_LIST_REFRESH[list].scheduleId,
      scheduleDefinition(list, taskQueue),
      logger,
    );
}

/** Refreshes a list now (the CLI's `sanctions refresh`, the tests) through its Schedule, and waits for the outcome. */
export async function runSanctionsRefreshNow(
  client: Client,
  list: SanctionsListId,
  options: { timeoutMs?: number; pollMs?: number } = {},
): Promise<ScheduleRunReport<SanctionsRefreshOutcome>> {
  return runScheduleNow<SanctionsRefreshOutcome>(client, SANCTIONS_LIST_REFRESH[list].scheduleId, options);
}
