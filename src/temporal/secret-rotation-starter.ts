import type { Client } from '@temporalio/client';
import { secretRotatedSignal, type SecretRotated, type SecretRotationInput } from './contracts';
import { secretRotationWorkflowId, workflowTypes } from './names';

/** Hands a replaced secret to the account's rotation workflow, starting the workflow if none is running. */
export async function signalSecretRotation(
  client: Client,
  taskQueue: string,
  accountId: string,
  rotated: SecretRotated,
): Promise<void> {
  await client.workflow.signalWithStart<(input: SecretRotationInput) => Promise<void>, [SecretRotated]>(
    workflowTypes.secretRotation,
    {
      workflowId: secretRotationWorkflowId(accountId),
      taskQueue,
      args: [{ accountId }],
      signal: secretRotatedSignal,
      signalArgs: [rotated],
    },
  );
}
