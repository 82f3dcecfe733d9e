import type { Client } from '@temporalio/client';
import { loadConfig } from '../config';
import { ServiceError } from '../domain/errors';
import { companiesHouseStreamNames } from '../ingest/companies-house/stream/stream-names';
import { runChangeCheckNow } from '../temporal/change-check-schedule';
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

/** Commands that act through Temporal: runs of the Schedules now, and the Companies House stream consumers. */
export const temporalCommands: Record<string, Command> = {
  'check-changes': async () =>
    withTemporal(async (client) => {
      const run = await runChangeCheckNow(client);
      return { workflow_id: run.workflowId, run_id: run.runId, ...run.result };
    }),
  'sanctions refresh': async () =>
    withTemporal(async (client) => {
      const run = await runSanctionsRefreshNow(client);
      return { workflow_id: run.workflowId, run_id: run.runId, ...run.result };
    }),
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
