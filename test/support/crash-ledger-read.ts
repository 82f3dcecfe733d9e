import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { AlertEntity } from '../../src/db/entities/alert';
import { WebhookDeliveryEntity } from '../../src/db/entities/webhook-delivery';
import type { Orm } from '../../src/db/orm';
import { webhookDeliveryWorkflowId } from '../../src/temporal/names';
import type { LedgerAlert, LedgerDelivery } from './crash-ledger';

/** Every alert and alert delivery in the store, with whether each pending delivery's workflow still runs. */
export async function readStoreForLedger(
  orm: Orm,
  client: Client,
): Promise<{ alerts: LedgerAlert[]; deliveries: LedgerDelivery[] }> {
  const em = orm.em.fork();
  const alerts = await em.find(
    AlertEntity,
    {},
    { fields: ['id', 'eventId'], orderBy: { id: 'asc' }, disableIdentityMap: true },
  );
  const rows = await em.find(
    WebhookDeliveryEntity,
    { eventType: 'company.alert' },
    { fields: ['eventId', 'status', 'nextAttemptAt'], disableIdentityMap: true },
  );
  const deliveries: LedgerDelivery[] = [];
  for (const row of rows) {
    deliveries.push({
      eventId: row.eventId,
      status: row.status,
      nextAttemptAt: row.nextAttemptAt ? new Date(row.nextAttemptAt).getTime() : null,
      workflowRunning: row.status === 'pending' ? await isRunning(client, row.eventId) : false,
    });
  }
  return {
    alerts: alerts.map((alert) => ({ alertId: alert.id, eventId: alert.eventId })),
    deliveries,
  };
}

async function isRunning(client: Client, eventId: string): Promise<boolean> {
  try {
    const { status } = await client.workflow.getHandle(webhookDeliveryWorkflowId(eventId)).describe();
    return status.name === 'RUNNING';
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return false;
    throw error;
  }
}

/** Deliveries by status right now (a cheap poll while waiting for the run to settle). */
export async function deliveryCounts(
  orm: Orm,
  now: number,
): Promise<{ total: number; pending: number; pendingDue: number; delivered: number; failed: number }> {
  const rows = await orm.em
    .fork()
    .find(
      WebhookDeliveryEntity,
      { eventType: 'company.alert' },
      { fields: ['status', 'nextAttemptAt'], disableIdentityMap: true },
    );
  const count = (status: string) => rows.filter((row) => row.status === status).length;
  return {
    total: rows.length,
    pending: count('pending'),
    pendingDue: rows.filter(
      (row) =>
        row.status === 'pending' &&
        (row.nextAttemptAt === null || new Date(row.nextAttemptAt).getTime() <= now),
    ).length,
    delivered: count('delivered'),
    failed: count('failed'),
  };
}
