import { proxyActivities, setHandler, sleep } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { secretRotatedSignal, type SecretRotated, type SecretRotationInput } from '../temporal/contracts';

const { retireWebhookSecret } = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { maximumInterval: '1 minute' },
});

/**
 * One per account (id `secret-rotation/<account>`), started with signal-with-start on every rotation.
 * Each signal names a replaced secret; the workflow sleeps until its 24 hours are up, then retires it.
 * A second rotation inside the window adds a second entry; the API has already retired the oldest.
 */
export async function secretRotationWorkflow(input: SecretRotationInput): Promise<void> {
  const pending: SecretRotated[] = [];
  setHandler(secretRotatedSignal, (rotation) => {
    pending.push(rotation);
  });

  // Signal-with-start delivers the first signal before this code runs; one arriving after the workflow
  // has closed starts a fresh run of the same id, so nothing is lost by returning when the list is empty.
  while (pending.length > 0) {
    const next = pending[0]!;
    const wait = next.retireAt - Date.now();
    if (wait > 0) {
      await sleep(wait, {
        summary: `retire secret ${next.secretId} at ${new Date(next.retireAt).toISOString()}`,
      });
    }
    await retireWebhookSecret({ accountId: input.accountId, secretId: next.secretId });
    pending.shift();
  }
}
