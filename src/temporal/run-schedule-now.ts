import {
  ScheduleNotFoundError,
  ScheduleOverlapPolicy,
  WorkflowFailedError,
  type Client,
  type ScheduleDescription,
  type ScheduleExecutionResult,
} from '@temporalio/client';

/** One workflow run a Schedule started, as a caller can find it again (the Web UI, `temporal workflow show`). */
export interface ScheduleRunId {
  workflowId: string;
  /** The run the Schedule started; a run that continued as new is followed to its last run's result. */
  runId: string;
}

/** A run that was already going when the trigger came: it was waited for, and ended one way or the other. */
export type EarlierScheduleRun<T> = ScheduleRunId &
  ({ status: 'completed'; result: T } | { status: 'failed'; error: string });

export interface ScheduleRunReport<T> extends ScheduleRunId {
  /** The result of the run this call's trigger started. */
  result: T;
  /**
   * Runs already in progress when a trigger came (the overlap policy skipped the trigger while they ran): each was
   * waited for, then the Schedule triggered again. Empty when the first trigger started a run.
   */
  alreadyRunning: EarlierScheduleRun<T>[];
}

export interface RunScheduleNowOptions {
  /** How long to wait for the runs (the one in progress, then the triggered one) to finish; default 10 minutes. */
  timeoutMs?: number;
  /** How long the Schedule may take to act on a trigger (start a run or skip it); default 30 s. */
  triggerTimeoutMs?: number;
  pollMs?: number;
}

/**
 * Runs a Schedule's action now, outside its rhythm (the CLI, the tests), and waits for that run's result. The
 * trigger keeps the overlap policy: when a run is already going the trigger is skipped, so this waits for the
 * running one (and reports how it ended), then triggers again, until a run it started has finished: its result
 * covers everything that happened before the call. A run that fails throws with its cause; a timeout says what
 * it was waiting for.
 */
export async function runScheduleNow<T>(
  client: Client,
  scheduleId: string,
  options: RunScheduleNowOptions = {},
): Promise<ScheduleRunReport<T>> {
  const handle = client.schedule.getHandle(scheduleId);
  const deadline = Date.now() + (options.timeoutMs ?? 600_000);
  const triggerTimeoutMs = options.triggerTimeoutMs ?? 30_000;
  const pollMs = options.pollMs ?? 100;
  const alreadyRunning: EarlierScheduleRun<T>[] = [];
  for (;;) {
    if (Date.now() > deadline)
      throw new Error(
        `every trigger of the ${scheduleId} Schedule was skipped for a run in progress ` +
          `(${alreadyRunning.length} waited for); none of its own started before the wait ended`,
      );
    const before = await describeSchedule(client, scheduleId);
    await handle.trigger(ScheduleOverlapPolicy.SKIP);
    const acted = await triggerOutcome(client, scheduleId, before, triggerTimeoutMs, pollMs);
    if (acted.started) {
      const started = idOf(acted.started);
      const outcome = await waitForRun<T>(client, scheduleId, started, deadline);
      if (outcome.status === 'failed')
        throw new Error(`the ${scheduleId} run ${describeRun(started)} failed: ${outcome.error}`);
      return { ...started, result: outcome.result, alreadyRunning };
    }
    for (const running of acted.running)
      alreadyRunning.push(await waitForRun<T>(client, scheduleId, running, deadline));
  }
}

type StartedAction = ScheduleExecutionResult['action'];

async function describeSchedule(client: Client, scheduleId: string): Promise<ScheduleDescription> {
  try {
    return await client.schedule.getHandle(scheduleId).describe();
  } catch (error) {
    if (error instanceof ScheduleNotFoundError)
      throw new Error(
        `there is no ${scheduleId} Schedule on this Temporal namespace: a worker creates it when it starts ` +
          '(npm start, or npm run worker)',
        { cause: error },
      );
    throw error;
  }
}

const idOf = (action: StartedAction): ScheduleRunId => ({
  workflowId: action.workflow.workflowId,
  runId: action.workflow.firstExecutionRunId,
});

const describeRun = (run: ScheduleRunId) => `${run.workflowId} (run ${run.runId})`;

/**
 * What the Schedule did with the trigger: started a run (the one action taken since `before` that was not in its
 * recent actions then), or skipped it for the runs in progress. Polls, since the Schedule acts asynchronously.
 */
async function triggerOutcome(
  client: Client,
  scheduleId: string,
  before: ScheduleDescription,
  timeoutMs: number,
  pollMs: number,
): Promise<{ started: StartedAction; running?: never } | { started?: never; running: ScheduleRunId[] }> {
  const known = new Set(before.info.recentActions.map(({ action }) => action.workflow.firstExecutionRunId));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { info } = await describeSchedule(client, scheduleId);
    if (info.numActionsTaken > before.info.numActionsTaken) {
      const fresh = info.recentActions.filter(
        ({ action }) => !known.has(action.workflow.firstExecutionRunId),
      );
      const started = fresh.at(-1) ?? info.recentActions.at(-1);
      if (started) return { started: started.action };
    }
    if (info.numActionsSkippedOverlap > before.info.numActionsSkippedOverlap) {
      // Runs the Schedule started within one second share a workflow id, and its list of running actions can
      // then lose one while it runs: the runs it listed before the trigger are the ones that made it skip.
      const running = info.runningActions.length > 0 ? info.runningActions : before.info.runningActions;
      return { running: running.map(idOf) };
    }
    if (Date.now() > deadline)
      throw new Error(
        `the ${scheduleId} Schedule neither started a run nor reported one in progress within ` +
          `${Math.round(timeoutMs / 1000)} s of being triggered (is the Temporal server overloaded?)`,
      );
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** Waits for a run (and the runs it continued as) to close, until `deadline`; a failure is returned, not thrown. */
async function waitForRun<T>(
  client: Client,
  scheduleId: string,
  run: ScheduleRunId,
  deadline: number,
): Promise<EarlierScheduleRun<T>> {
  const handle = client.workflow.getHandle<() => Promise<T>>(run.workflowId, run.runId, { followRuns: true });
  const waiting = new AbortController();
  const timer = setTimeout(() => waiting.abort(), Math.max(0, deadline - Date.now()));
  try {
    const result = await client.withAbortSignal(waiting.signal, () => handle.result());
    return { ...run, status: 'completed', result };
  } catch (error) {
    if (error instanceof WorkflowFailedError) return { ...run, status: 'failed', error: failureCause(error) };
    if (!waiting.signal.aborted) throw error;
    throw new Error(
      `the ${scheduleId} run ${describeRun(run)} had not finished when the wait ended: ` +
        `${await whatRunWaitsFor(client, run)}. It carries on in Temporal; see it in the Web UI`,
      { cause: error },
    );
  } finally {
    clearTimeout(timer);
  }
}

function failureCause(error: WorkflowFailedError): string {
  const causes: string[] = [];
  for (let cause: Error | undefined = error.cause; cause; cause = cause.cause as Error | undefined)
    if (cause.message) causes.push(cause.message);
  return causes.join(': ') || error.message;
}

/** What a run still open is doing, in a few words: its pending activities, or a workflow task no worker took. */
async function whatRunWaitsFor(client: Client, run: ScheduleRunId): Promise<string> {
  try {
    const { raw, status } = await client.workflow.getHandle(run.workflowId).describe();
    if (status.name !== 'RUNNING') return `it is ${status.name.toLowerCase()} now`;
    const activities = (raw.pendingActivities ?? []).map((activity) => {
      const failure = activity.lastFailure?.message ? `, last failure: ${activity.lastFailure.message}` : '';
      return `activity ${activity.activityType?.name ?? '?'} (attempt ${activity.attempt ?? 1}${failure})`;
    });
    if (activities.length > 0) return `it is running ${activities.join(', ')}`;
    if (raw.pendingWorkflowTask) return 'its next workflow task waits for a worker on its task queue';
    return 'it is running';
  } catch {
    return 'it is still open';
  }
}
