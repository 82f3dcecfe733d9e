import type { Client } from '@temporalio/client';
import { loadConfig } from '../config';
import { ServiceError } from '../domain/errors';
import { sanctionsListIds } from '../domain/sanctions/sanctions-lists';
import { companiesHouseStreamNames } from '../ingest/companies-house/stream/stream-names';
import { runChangeCheckNow } from '../temporal/change-check-schedule';
import type { ChangeCheckResult } from '../temporal/contracts';
import type { EarlierScheduleRun, ScheduleRunReport } from '../temporal/run-schedule-now';
import {
  pauseStream,
  requireStreamName,
  resetStream,
  resumeStream,
  streamReport,
} from '../temporal/companies-house-stream-control';
import { connectClient } from '../temporal/connection';
import { runSanctionsRefreshNow } from '../temporal/sanctions-schedule';
import { optionalCount, type Command } from './cli-options';
import { sanctionsListOption } from './sanctions-list-option';

/** Commands that act through Temporal: runs of the Schedules now, and the Companies House stream consumers. */
export const temporalCommands: Record<string, Command> = {
  'check-changes': async () =>
    withTemporal(async (client) => changeCheckReport(await runChangeCheckNow(client))),
  'sanctions refresh': async (_orm, options) => {
    const one = sanctionsListOption(options);
    return withTemporal(async (client) => {
      // One after another: each list's import is one transaction, and on SQLite they would queue anyway.
      const refreshes = [];
      for (const list of one === undefined ? sanctionsListIds : [one]) {
        const run = await runSanctionsRefreshNow(client, list);
        refreshes.push({ workflow_id: run.workflowId, run_id: run.runId, ...run.result });
      }
      return { refreshes };
    });
  },
  'streams status': async (orm, _options, positionals) =>
    withTemporal(async (client) => {
      const streams = positionals[2] ? [requireStreamName(positionals[2])] : companiesHouseStreamNames;
      const reports = [];
      for (const stream of streams) reports.push(await streamReport(client, orm.em, stream));
      return { streams: reports };
    }),
  'streams pause': async (_orm, _options, positionals) => {
    const stream = requireStreamName(positionals[2]);
    await withTemporal((client) => pauseStream(client, stream));
    return { stream, signalled: 'pauseStream' };
  },
  'streams resume': async (_orm, _options, positionals) => {
    const stream = requireStreamName(positionals[2]);
    await withTemporal((client) => resumeStream(client, stream));
    return { stream, signalled: 'resumeStream' };
  },
  'streams reset': async (_orm, options, positionals) => {
    const stream = requireStreamName(positionals[2]);
    const live = options.live !== undefined;
    if (live === (options.timepoint !== undefined))
      throw new ServiceError(
        'invalid_argument',
        'streams reset needs exactly one of --timepoint N and --live',
      );
    const timepoint = live ? null : optionalCount(options, 'timepoint', 0)!;
    await withTemporal((client) => resetStream(client, stream, timepoint));
    return { stream, signalled: 'resetStream', timepoint };
  },
};

/** What one check did, in the CLI's words. */
function checkSummary(result: ChangeCheckResult) {
  return {
    steps: result.steps,
    changes_read: result.changesRead,
    overdue_changes: result.overdueChanges,
    alerts_written: result.alertsWritten,
    deliveries_started: result.deliveriesStarted,
    through_sequence: result.throughSequence,
    ...(result.healthScores && {
      health_scores: {
        rescored: result.healthScores.rescored,
        queued: result.healthScores.queued,
        expired: result.healthScores.expired,
        other_model: result.healthScores.otherModel,
        dropped: result.healthScores.dropped,
        more: result.healthScores.more,
      },
    }),
    ...(result.healthScoresError && { health_scores_error: result.healthScoresError }),
  };
}

function earlierCheck(run: EarlierScheduleRun<ChangeCheckResult>) {
  const ids = { workflow_id: run.workflowId, run_id: run.runId };
  return run.status === 'completed'
    ? { ...ids, status: run.status, ...checkSummary(run.result) }
    : { ...ids, status: run.status, error: run.error };
}

/**
 * The run `check-changes` started and what it did; a check that was already running when the trigger came (the
 * Schedule skips overlapping runs) is named first, with how it ended, since it may have done the work the caller
 * expected of this one.
 */
function changeCheckReport(run: ScheduleRunReport<ChangeCheckResult>) {
  return {
    ...(run.alreadyRunning.length > 0 && {
      note:
        'a check was already running when triggered: it was waited for (already_running), ' +
        'then this check ran for whatever it had not read',
      already_running: run.alreadyRunning.map(earlierCheck),
    }),
    workflow_id: run.workflowId,
    run_id: run.runId,
    status: 'completed',
    ...checkSummary(run.result),
  };
}

/** A Temporal client on TEMPORAL_ADDRESS, or on the embedded dev server of a running `npm start`. */
async function withTemporal<T>(use: (client: Client) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const client = await connectClient({
    ...config,
    TEMPORAL_ADDRESS: config.TEMPORAL_ADDRESS ?? `127.0.0.1:${config.TEMPORAL_DEV_SERVER_PORT}`,
  });
  try {
    return await use(client);
  } finally {
    await client.connection.close();
  }
}
