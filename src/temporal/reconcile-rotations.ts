import type { Client } from '@temporalio/client';
import { WorkflowNotFoundError } from '@temporalio/client';
import type { Orm } from '../db/orm';
import { WebhookSecretEntity } from '../db/entities/webhook-secret';
import type { Logger } from '../logger';
import { secretRotationWorkflowId } from './names';
import { signalSecretRotation } from './secret-rotation-starter';

/**
 * A rotation is committed to the database before its workflow is signalled. If Temporal was unreachable at
 * that moment the secret still expires on time (activeSecrets reads expires_at), but no workflow would mark
 * it retired. At worker start-up, hand every such secret to a workflow unless one is already running.
 */
export async function reconcileSecretRotations(orm: Orm, client: Client, taskQueue: string, logger: Logger) {
  const overlapping = await orm.em
    .fork()
    .find(WebhookSecretEntity, { retiredAt: null, expiresAt: { $ne: null } });
  for (const secret of overlapping) {
    const handle = client.workflow.getHandle(secretRotationWorkflowId(secret.accountId));
    const running = await handle.describe().then(
      (d) => d.status.name === 'RUNNING',
      (error: unknown) => {
        if (error instanceof WorkflowNotFoundError) return false;
        throw error;
      },
    );
    if (running) continue;
    logger.info(
      { accountId: secret.accountId, secretId: secret.id },
      'resuming a secret rotation without a workflow',
    );
    await signalSecretRotation(client, taskQueue, secret.accountId, {
      secretId: secret.id,
      retireAt: secret.expiresAt!.getTime(),
    });
  }
}
