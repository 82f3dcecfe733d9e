import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { WebhookRecoveryInput, WebhookRecoveryResult } from '../temporal/contracts';

// Starting up to 1,000 workflows takes seconds to a minute: the heartbeat notices a lost worker in seconds, and a
// retry starts only what is missing (every start is idempotent by its workflow id).
const { startRecoveryRedeliveries } = proxyActivities<Activities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

/**
 * One recover call (id `webhook-recovery/<account id>/<recovery id>`): starts the redeliveries the call claimed
 * and ends; each redelivery then runs its own retry schedule (up to some 45 hours) on its own. The API answers
 * once this is started, so a crash of the API cannot leave half a batch unstarted, and the batch is one thing
 * in the Web UI. The redeliveries are started from an activity rather than as child workflows: a parent's
 * child starts are applied to its history one at a time (about 170 ms each on the dev server, three minutes for
 * 1,000), where independent starts run in parallel (12 seconds for 1,000).
 */
export async function webhookRecoveryWorkflow(input: WebhookRecoveryInput): Promise<WebhookRecoveryResult> {
  return startRecoveryRedeliveries({ recoveryId: input.recoveryId });
}
