import { z } from 'zod';
import { rotateSecret } from '../domain/webhooks/webhook-secrets';
import { signalSecretRotation } from '../temporal/secret-rotation-starter';
import { keyedOperation } from './operation';
import { toWebhookSecretView, webhookSecretView } from './webhook-secret-view';

export const rotateWebhookSecret = keyedOperation({
  name: 'rotate_webhook_secret',
  title: 'Rotate the webhook signing secret',
  description:
    'Creates a new secret. The old one keeps signing for 24 hours (two v1 values in Service-Signature), then ' +
    'only the new one signs. Rotating again inside the window retires the oldest at once.',
  method: 'POST',
  path: '/watchlist/webhook-secret/rotate',
  successStatus: 201,
  lowestPlan: 'free',
  cost: 1,
  // Two rotations at once: the loser is asked to try again.
  errors: ['conflict'],
  input: z.object({}).strict(),
  output: webhookSecretView,
  async handler(_input, { em, account, now, services }) {
    const rotation = await rotateSecret(em, account.id, now);
    const retireAt = rotation.previous.expiresAt!.getTime();
    // The database holds the rotation and expires_at ends the overlap on time by itself; the workflow marks
    // the old secret retired and shows the pending 24-hour timer in the Web UI. Should Temporal be down,
    // the rotation still stands and the worker's start-up reconciliation starts the workflow later.
    await signalSecretRotation(services.temporal, services.config.TEMPORAL_TASK_QUEUE, account.id, {
      secretId: rotation.previous.id,
      retireAt,
    }).catch((error: unknown) =>
      services.logger.error(
        { err: error, accountId: account.id },
        'could not start the secret rotation workflow',
      ),
    );
    return toWebhookSecretView(rotation.current, rotation.previous);
  },
});
