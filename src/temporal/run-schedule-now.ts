import { ScheduleOverlapPolicy, type Client } from '@temporalio/client';

/**
 * Runs a Schedule's action now, outside its rhythm (the CLI, the tests), and waits for that run's result. The
 * trigger keeps the overlap policy: when a run is already going, the trigger is skipped, so this waits for the
 * running one and triggers again, until a run it started has finished.
 */
export async function runScheduleNow<T>(
  client: Client,
  scheduleId: string,
  options: { timeoutMs?: number; pollMs?: number } = {},
): Promise<{ workflowId: string; runId: string; result: T }> {
  const handle = client.schedule.getHandle(scheduleId);
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  const pollMs = options.pollMs ?? 100;
  for (;;) {
    const before = (await handle.describe()).info;
    await handle.trigger(ScheduleOverlapPolicy.SKIP);
    for (;;) {
      if (Date.now() > deadline) throw new Error(`the ${scheduleId} run did not start in time`);
      const info = (await handle.describe()).info;
      if (info.numActionsTaken > before.numActionsTaken) {
        const started = info.recentActions.at(-1)!.action.workflow;
        const result = await client.workflow
          .getHandle<() => Promise<T>>(started.workflowId, started.firstExecutionRunId, { followRuns: true })
          .result();
        return { workflowId: started.workflowId, runId: started.firstExecutionRunId, result };
      }
      if (info.numActionsSkippedOverlap > before.numActionsSkippedOverlap) {
        for (const running of info.runningActions)
          await client.workflow
            .getHandle(running.workflow.workflowId)
            .result()
            .catch(() => undefined);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }
}
