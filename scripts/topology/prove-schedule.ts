import { CHANGE_CHECK_SCHEDULE_ID, workflowTypes } from '../../src/temporal/names';
import { logLines } from './app-processes';
import { ProofReport, sleep, type ProofContext } from './prove-context';
import { workerNameOf, workflowTaskWorkers } from './worker-identity';

// The change-check Schedule with two workers: both ensured it at start-up (one created it, the other found it
// and brought it up to date), and over three intervals it started exactly one run per slot: no second
// Schedule, no slot run twice, none skipped.

const SLOTS = 3;
/** Time for the last slot's run to start and show in visibility. */
const GRACE_MS = 5_000;

export async function proveSchedule(context: ProofContext): Promise<ProofReport> {
  const report = new ProofReport('the change-check Schedule runs once per interval with two workers');
  const { state, temporal } = context;
  const intervalMs = state.changeCheckIntervalSeconds * 1000;

  for (const worker of state.workers) {
    const ensured = logLines(worker.logFile).find(
      (line) =>
        line.scheduleId === CHANGE_CHECK_SCHEDULE_ID &&
        /created the change-check schedule|change-check schedule up to date/.test(line.msg),
    );
    report.check(`${worker.name} ensured the Schedule at start-up`, ensured !== undefined, ensured?.msg);
  }
  const ids: string[] = [];
  for await (const schedule of temporal.schedule.list()) ids.push(schedule.scheduleId);
  report.check(
    'one change-check Schedule in the namespace',
    ids.filter((id) => id === CHANGE_CHECK_SCHEDULE_ID).length === 1,
    `schedules: ${ids.join(', ')}`,
  );
  const handle = temporal.schedule.getHandle(CHANGE_CHECK_SCHEDULE_ID);
  const before = await handle.describe();
  const every = before.spec.intervals?.[0]?.every;
  if (
    !report.check(
      `it runs every ${state.changeCheckIntervalSeconds} s (CHANGE_CHECK_INTERVAL_SECONDS)`,
      every === intervalMs,
      `every ${String(every)} ms`,
    )
  ) {
    report.note('the workers did not apply CHANGE_CHECK_INTERVAL_SECONDS: nothing to count in a short run');
    return report;
  }

  // Interval slots fall on multiples of the interval since the epoch: watch the next three whole slots.
  const first = Math.ceil((Date.now() + 1_000) / intervalMs) * intervalMs;
  const end = first + SLOTS * intervalMs;
  report.note(
    `watching the slots ${new Date(first).toISOString()} … ${new Date(end - intervalMs).toISOString()} (${SLOTS} × ${state.changeCheckIntervalSeconds} s)`,
  );
  await sleep(end - intervalMs + GRACE_MS - Date.now());
  const after = await handle.describe();

  const inWindow = after.info.recentActions.filter(
    (a) => a.scheduledAt.getTime() >= first && a.scheduledAt.getTime() < end,
  );
  const slots = inWindow.map((a) => a.scheduledAt.getTime());
  report.check(
    `the Schedule took exactly ${SLOTS} actions in the ${SLOTS} slots`,
    inWindow.length === SLOTS,
    inWindow.map((a) => a.action.workflow.workflowId).join(', '),
  );
  report.check('never two in one slot', new Set(slots).size === slots.length);
  report.check(
    `one per slot, ${state.changeCheckIntervalSeconds} s apart`,
    slots.every((at, i) => at === first + i * intervalMs),
  );
  report.check(
    'none skipped for overlap or a missed catch-up window meanwhile',
    after.info.numActionsSkippedOverlap === before.info.numActionsSkippedOverlap &&
      after.info.numActionsMissedCatchupWindow === before.info.numActionsMissedCatchupWindow,
  );

  // The cluster's own record, apart from the Schedule's: every change-check run that started in the window.
  const started: string[] = [];
  const query = `WorkflowType = '${workflowTypes.changeCheck}' AND StartTime >= '${new Date(first).toISOString()}'`;
  for await (const run of temporal.workflow.list({ query })) {
    if (run.startTime.getTime() < end + GRACE_MS) started.push(run.workflowId);
  }
  const expected = new Set(inWindow.map((a) => a.action.workflow.workflowId));
  report.check(
    `visibility holds the same ${SLOTS} runs and no other change-check run`,
    started.length === expected.size && started.every((id) => expected.has(id)),
    `${started.length} listed`,
  );
  for (const action of inWindow) {
    const workers = await workflowTaskWorkers(temporal, action.action.workflow.workflowId);
    const lateMs = action.takenAt.getTime() - action.scheduledAt.getTime();
    report.note(
      `${action.action.workflow.workflowId}: started ${lateMs} ms after its slot, run by ${
        workers.map((identity) => workerNameOf(context.state, identity)).join(', ') || '?'
      }`,
    );
  }
  return report;
}
