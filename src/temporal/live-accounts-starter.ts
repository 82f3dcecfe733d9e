import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { LiveAccountsInput } from './contracts';
import { liveAccountsWorkflowId, workflowTypes } from './names';

/**
 * Starts the fetch of one accounts filing's document, once per filing: a filing already fetched (or being
 * fetched) is not fetched again, however often the stream repeats it. True when this call started it.
 */
export async function startLiveAccountsFetch(
  client: Client,
  taskQueue: string,
  input: LiveAccountsInput,
): Promise<boolean> {
  try {
    await client.workflow.start(workflowTypes.liveAccounts, {
      workflowId: liveAccountsWorkflowId(input.companyNumber, input.transactionId),
      taskQueue,
      args: [input],
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
    });
    return true;
  } catch (error) {
    if (error instanceof WorkflowExecutionAlreadyStartedError) return false;
    throw error;
  }
}
