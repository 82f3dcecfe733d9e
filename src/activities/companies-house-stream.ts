import { Context } from '@temporalio/activity';
import { CancelledFailure } from '@temporalio/common';
import {
  consumeStream,
  type StreamProgress,
  type StreamRunResult,
} from '../ingest/companies-house/stream/consume-stream';
import { isCompaniesHouseStreamName } from '../ingest/companies-house/stream/stream-names';
import { readStreamPosition, resetStreamPosition } from '../ingest/companies-house/stream/stream-position';
import type { CompaniesHouseStreamRunInput } from '../temporal/contracts';
import { isMonitored } from '../domain/changes/is-monitored';
import { startLiveAccountsFetch } from '../temporal/live-accounts-starter';
import type { ActivityDeps } from './deps';

/** How long one run holds the connection before returning, so the workflow's memo and search attributes move. */
export const STREAM_RUN_MS = 5 * 60_000;
/** Companies House sends keep-alives while idle; this long without a byte means the connection is dead. */
export const STREAM_IDLE_TIMEOUT_MS = 90_000;
const HEARTBEAT_EVERY_MS = 5_000;

export function companiesHouseStreamActivities(deps: ActivityDeps) {
  const { orm, clock, logger } = deps;

  /**
   * A new accounts filing of a company someone monitors: its document is fetched by a workflow of its own
   * (workflows/live-accounts.ts), so the stream never waits for the Document API. Without a REST key, or for a
   * company nobody monitors, nothing is fetched (the filing itself is in the filing history either way).
   */
  const fetchNewAccounts: NonNullable<ActivityDeps['afterStreamEventApplied']> = async (_event, outcome) => {
    const filing = outcome.accountsFiling;
    const companyNumber = outcome.companyNumber;
    if (!filing || !deps.companiesHouseDocuments || companyNumber === null) return;
    if (!(await isMonitored(orm.em.fork(), companyNumber))) return;
    await startLiveAccountsFetch(deps.temporal.client, deps.temporal.taskQueue, {
      companyNumber,
      ...filing,
      source: 'companies_house_stream',
    });
  };

  return {
    /**
     * Holds one stream open for a while, applying its events (ingest/companies-house/stream/consume-stream.ts).
     * Heartbeats the progress: a retried attempt (a worker that died, a deploy) resumes from its last heartbeat
     * when the store has no position of its own.
     */
    async consumeCompaniesHouseStream(input: CompaniesHouseStreamRunInput): Promise<StreamRunResult> {
      const settings = deps.companiesHouseStreams;
      if (!settings) throw new Error('COMPANIES_HOUSE_STREAM_KEY is not set on this worker');
      if (!isCompaniesHouseStreamName(input.stream)) throw new Error(`unknown stream ${input.stream}`);
      const context = Context.current();
      const lastHeartbeat = context.info.heartbeatDetails as Partial<StreamProgress> | undefined;
      // Besides each event and keep-alive, a beat on a timer: a quiet stream (Companies House's keep-alive
      // rhythm is not documented) must not look like a dead worker.
      let progress: StreamProgress | undefined;
      const beat = setInterval(() => context.heartbeat(progress), HEARTBEAT_EVERY_MS);
      const result = await consumeStream({
        stream: input.stream,
        streamUrl: settings.streamUrl,
        streamKey: settings.streamKey,
        fallbackTimepoint: lastHeartbeat?.timepoint ?? input.timepoint,
        em: orm.em,
        logger,
        // Wall clock: lag and detection times are about the real world even under a time-skipping test server.
        clock,
        maxRunMs: input.maxRunMs ?? STREAM_RUN_MS,
        idleTimeoutMs: input.idleTimeoutMs ?? STREAM_IDLE_TIMEOUT_MS,
        signal: context.cancellationSignal,
        onProgress: (latest) => {
          progress = latest;
          context.heartbeat(latest);
        },
        afterApplied: deps.afterStreamEventApplied ?? fetchNewAccounts,
      }).finally(() => clearInterval(beat));
      if (result.ended === 'cancelled') throw new CancelledFailure('stream run cancelled (paused or reset)');
      return result;
    },

    /** The store's position of a stream: the workflow's record after a run it cancelled. */
    async readCompaniesHouseStreamPosition(stream: string): Promise<number | null> {
      return (await readStreamPosition(orm.em, stream))?.timepoint ?? null;
    },

    /** An operator's reset: the next run starts at `timepoint` (null: at the live end). */
    async resetCompaniesHouseStreamPosition(input: {
      stream: string;
      timepoint: number | null;
    }): Promise<void> {
      await resetStreamPosition(orm.em, input.stream, input.timepoint, clock());
      logger.warn(input, 'Companies House stream reset by an operator');
    },
  };
}
