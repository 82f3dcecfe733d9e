import type { Client } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { Client as PgClient } from 'pg';
import { CHANGE_CHECK_SCHEDULE_ID, workflowTypes } from '../src/temporal/names';
import type { CrashReceiver } from '../test/support/crash-receiver';
import { progress } from './harness';

/*
 * The moments a kill -9 aims at, found by watching the service rather than by sleeping: the change check's
 * database step running (its `checkChanges` activity started by a worker: the step is one transaction from its
 * first statement to its commit), and sends under way (the receiver has seen k requests).
 */

class MomentMissed extends Error {}

const STARTED = temporal.api.enums.v1.PendingActivityState.PENDING_ACTIVITY_STATE_STARTED;

const describeError = (error: unknown) =>
  error instanceof Error
    ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}`
    : String(error);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The change-check run the Schedule has going, if any. */
export async function runningCheck(client: Client): Promise<string | undefined> {
  const { info } = await client.schedule.getHandle(CHANGE_CHECK_SCHEDULE_ID).describe();
  return info.runningActions[0]?.workflow.workflowId;
}

/**
 * Whether a workflow still runs, and its pending activity of a type that a worker has started (and not
 * finished), if any.
 */
export async function startedActivity(
  client: Client,
  workflowId: string,
  activityType: string,
): Promise<{ running: boolean; step?: { startedAt: number | undefined; attempt: number } }> {
  const { raw, status } = await client.workflow.getHandle(workflowId).describe();
  const pending = (raw.pendingActivities ?? []).find(
    (activity) => activity.activityType?.name === activityType && activity.state === STARTED,
  );
  if (!pending) return { running: status.name === 'RUNNING' };
  const started = pending.lastStartedTime;
  return {
    running: status.name === 'RUNNING',
    step: {
      startedAt: started ? Number(started.seconds ?? 0) * 1000 + (started.nanos ?? 0) / 1e6 : undefined,
      attempt: pending.attempt ?? 1,
    },
  };
}

/**
 * A running change check as the visibility store lists it. Cheaper than the Schedule's describe, which is a query
 * of the Schedule's own workflow: right after a trigger that query can wait for seconds (DEADLINE_EXCEEDED),
 * long enough for a short check step to pass unseen.
 */
async function listedRunningCheck(client: Client): Promise<string | undefined> {
  for await (const execution of client.workflow.list({
    query: `WorkflowType = '${workflowTypes.changeCheck}' AND ExecutionStatus = 'Running'`,
    pageSize: 1,
  }))
    return execution.workflowId;
  return undefined;
}

/**
 * Waits (polling every few ms) until a worker has started the running check's `checkChanges` step. A call that
 * fails (a loaded server) is tried again.
 */
export async function waitForCheckStep(
  client: Client,
  deadline: number,
): Promise<{ workflowId: string; activityStartedAt: number | undefined; seenAt: number }> {
  let workflowId: string | undefined;
  let lastError: unknown;
  for (;;) {
    try {
      workflowId ??= await listedRunningCheck(client);
      if (workflowId) {
        const { running, step } = await startedActivity(client, workflowId, 'checkChanges');
        if (step) return { workflowId, activityStartedAt: step.startedAt, seenAt: Date.now() };
        // Killing a later check instead would not be the moment asked for: say so rather than wait for one.
        if (!running)
          throw new MomentMissed(
            `the check ${workflowId} ended before its step was seen running: try more --alerts`,
          );
      }
    } catch (error) {
      if (error instanceof MomentMissed) throw error;
      if (lastError === undefined)
        progress(`watching for the check step: ${describeError(error)} (trying again)`);
      lastError = error;
    }
    if (Date.now() > deadline)
      throw new Error(
        `no change-check step was seen running before the deadline${lastError ? ` (last error: ${describeError(lastError)})` : ''}`,
      );
    await sleep(workflowId ? 2 : 10);
  }
}

/** Waits until the receiver has seen `count` requests; calls `meanwhile` about every 200 ms (not awaited twice). */
export async function waitForRequests(
  receiver: CrashReceiver,
  count: number,
  deadline: number,
  meanwhile?: () => Promise<void>,
): Promise<number> {
  let pending: Promise<void> | undefined;
  let lastTick = 0;
  while (receiver.requests.length < count) {
    if (Date.now() > deadline)
      throw new Error(
        `the receiver saw ${receiver.requests.length} of ${count} requests before the deadline`,
      );
    if (meanwhile && !pending && Date.now() - lastTick >= 200) {
      lastTick = Date.now();
      pending = meanwhile()
        .catch(() => undefined)
        .finally(() => (pending = undefined));
    }
    await sleep(2);
  }
  return Date.now();
}

/**
 * PostgreSQL only: waits until a session of the store's database other than this one holds a transaction that
 * has written (it has a transaction id), which during the check step is the step's own transaction. True when
 * seen before `deadline`.
 */
export async function waitForWriteTransaction(databaseUrl: string, deadline: number): Promise<boolean> {
  const probe = new PgClient({ connectionString: databaseUrl });
  await probe.connect();
  try {
    for (;;) {
      const { rows } = await probe.query<{ writing: number }>(
        'select count(*)::int as writing from pg_stat_activity ' +
          'where datname = current_database() and pid <> pg_backend_pid() and backend_xid is not null',
      );
      if (rows[0]!.writing > 0) return true;
      if (Date.now() > deadline) return false;
    }
  } finally {
    await probe.end();
  }
}
