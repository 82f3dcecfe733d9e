import {
  CancellationScope,
  condition,
  continueAsNew,
  isCancellation,
  proxyActivities,
  setHandler,
  upsertMemo,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../activities';
import {
  pauseStreamSignal,
  resetStreamSignal,
  resumeStreamSignal,
  streamStatusQuery,
  type CompaniesHouseStreamInput,
  type CompaniesHouseStreamStatus,
} from '../temporal/contracts';
import { searchAttributes } from '../temporal/search-attributes';

const { consumeCompaniesHouseStream } = proxyActivities<Activities>({
  // A run returns after its time limit (5 minutes by default); the margin covers the last event's write.
  startToCloseTimeout: '7 minutes',
  // Heartbeats come with every event and keep-alive: a worker that dies is noticed within this, and the run is
  // retried on another worker from its last heartbeat. The SDK sends them at most every 0.8 of it, which is also
  // how soon a pause or reset reaches a run.
  heartbeatTimeout: '20 seconds',
  // What Companies House answers comes back as the run's result; what throws is the store failing. Retried
  // for as long as it takes: the stream is the register's heartbeat, and giving up would only lose changes.
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

const { readCompaniesHouseStreamPosition, resetCompaniesHouseStreamPosition } = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});

/** Runs per workflow execution before continue-as-new: history stays at a few hundred events. */
const RUNS_PER_EXECUTION = 100;
/** Waits after runs that ended without applying anything (a refused or dropped connection), doubling to 5 min. */
const FIRST_RECONNECT_WAIT_MS = 1_000;
const LONGEST_RECONNECT_WAIT_MS = 5 * 60_000;
/** Companies House asks clients to wait at least a minute after a 429. */
const RATE_LIMITED_WAIT_MS = 60_000;

/**
 * One Companies House stream, consumed for as long as the service runs (workflow id
 * `companies-house-stream/<stream>`). Each run of the activity holds the connection for a few minutes and
 * returns where it got to; the workflow records it (memo, search attributes, query), decides how long to wait
 * before the next connection, and continues as new every hundred runs. Operators pause, resume and reset it
 * with signals (the project's CLI `streams …`, or `temporal workflow signal`).
 */
export async function companiesHouseStreamWorkflow(input: CompaniesHouseStreamInput): Promise<void> {
  const totals = input.totals ?? { applied: 0, skipped: 0, malformed: 0, changes: 0, disconnects: 0 };
  const status: CompaniesHouseStreamStatus = {
    stream: input.stream,
    state: input.paused ? 'paused' : 'connecting',
    timepoint: input.timepoint,
    published_at: null,
    lag_seconds: null,
    last_problem: null,
    last_gap: null,
    totals,
    updated_at: new Date().toISOString(),
  };
  let paused = input.paused ?? false;
  let reset: { timepoint: number | null } | undefined;
  setHandler(pauseStreamSignal, () => void (paused = true));
  setHandler(resumeStreamSignal, () => void (paused = false));
  setHandler(resetStreamSignal, (target) => void (reset = target));
  setHandler(streamStatusQuery, () => status);
  const interrupted = () => paused || reset !== undefined;

  const record = (state: CompaniesHouseStreamStatus['state']) => {
    status.state = state;
    status.updated_at = new Date().toISOString();
    upsertMemo({ status });
    upsertSearchAttributes([
      { key: searchAttributes.streamName, value: input.stream },
      { key: searchAttributes.streamState, value: state },
      ...(status.timepoint === null
        ? []
        : [{ key: searchAttributes.streamTimepoint, value: status.timepoint }]),
    ]);
  };
  /** Waits `ms`, or less when an operator pauses, resumes or resets. */
  const waitOrInterrupt = (ms: number) => condition(() => interrupted(), ms);

  record(status.state);
  let reconnectWaitMs = FIRST_RECONNECT_WAIT_MS;
  for (let runs = 0; ; runs++) {
    if (reset !== undefined) {
      const target = reset;
      reset = undefined;
      await resetCompaniesHouseStreamPosition({ stream: input.stream, timepoint: target.timepoint });
      status.timepoint = target.timepoint === null ? null : target.timepoint - 1;
      status.published_at = null;
      status.last_problem = null;
      record(paused ? 'paused' : 'connecting');
    }
    if (paused) {
      record('paused');
      await condition(() => !paused || reset !== undefined);
      if (reset !== undefined) continue;
      record('connecting');
    }
    if (runs >= RUNS_PER_EXECUTION || workflowInfo().continueAsNewSuggested)
      return continueAsNew<typeof companiesHouseStreamWorkflow>({
        stream: input.stream,
        timepoint: status.timepoint,
        paused,
        totals,
        runOptions: input.runOptions,
      });

    // The run is cancelled when an operator pauses or resets; the store's position says where it got to.
    const run = new CancellationScope();
    const watch = new CancellationScope();
    void watch
      .run(() => condition(interrupted))
      .then(
        () => run.cancel(),
        () => undefined,
      );
    let result: Awaited<ReturnType<typeof consumeCompaniesHouseStream>>;
    try {
      result = await run.run(() =>
        consumeCompaniesHouseStream({
          stream: input.stream,
          timepoint: status.timepoint,
          ...input.runOptions,
        }),
      );
    } catch (error) {
      if (!isCancellation(error)) throw error;
      status.timepoint = (await readCompaniesHouseStreamPosition(input.stream)) ?? status.timepoint;
      continue;
    } finally {
      watch.cancel();
    }

    status.timepoint = result.timepoint ?? status.timepoint;
    status.published_at = result.publishedAt ?? status.published_at;
    status.lag_seconds = result.lagSeconds ?? status.lag_seconds;
    totals.applied += result.applied;
    totals.skipped += result.skipped;
    totals.malformed += result.malformed;
    totals.changes += result.changes;
    const progressed = result.applied + result.skipped + result.duplicates > 0;
    if (progressed) reconnectWaitMs = FIRST_RECONNECT_WAIT_MS;

    switch (result.ended) {
      case 'time_limit':
        status.last_problem = null;
        record('connected');
        break;
      case 'disconnected':
      case 'unavailable':
        totals.disconnects++;
        status.last_problem = result.message ?? result.ended;
        record('reconnecting');
        if (!progressed) {
          await waitOrInterrupt(reconnectWaitMs);
          reconnectWaitMs = Math.min(reconnectWaitMs * 2, LONGEST_RECONNECT_WAIT_MS);
        }
        break;
      case 'rate_limited':
        status.last_problem = result.message ?? '429 Too Many Requests';
        record('rate_limited');
        await waitOrInterrupt(Math.max(result.retryAfterMs ?? 0, RATE_LIMITED_WAIT_MS));
        break;
      case 'unauthorized':
        // A wrong or revoked key does not mend itself: say so, and try again now and then in case it was fixed.
        status.last_problem = result.message ?? '401 Unauthorized';
        record('unauthorized');
        await waitOrInterrupt(LONGEST_RECONNECT_WAIT_MS);
        break;
      case 'timepoint_invalid':
        // Too old to replay: what happened between is lost to this stream. Say so, and go on from the live end
        // rather than stall (an import of the bulk files fills the gap).
        status.last_gap = { from: status.timepoint, at: new Date().toISOString() };
        status.last_problem = result.message ?? '416: timepoint too old';
        await resetCompaniesHouseStreamPosition({ stream: input.stream, timepoint: null });
        status.timepoint = null;
        record('reconnecting');
        break;
    }
  }
}
