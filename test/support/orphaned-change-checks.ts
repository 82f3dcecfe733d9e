import type { Client } from '@temporalio/client';
import { workflowTypes } from '../../src/temporal/names';

/**
 * The `change-check` Schedule is one per namespace and every integration file shares the namespace. A run it
 * started for an earlier file (whose worker and task queue are gone) would stay Running forever, and
 * `runChangeCheckNow` rightly waits for a check already in progress: end such leftovers before a file takes
 * the Schedule over. Files run one at a time, so every running check at this point is an orphan.
 */
export async function terminateOrphanedChangeChecks(client: Client): Promise<number> {
  let terminated = 0;
  const query = `WorkflowType = '${workflowTypes.changeCheck}' AND ExecutionStatus = 'Running'`;
  for await (const execution of client.workflow.list({ query })) {
    await client.workflow
      .getHandle(execution.workflowId, execution.runId)
      .terminate('orphaned by an earlier test file')
      .then(() => terminated++)
      // It may have ended between the listing and the call.
      .catch(() => undefined);
  }
  return terminated;
}
