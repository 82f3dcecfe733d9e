import type { EntityManager } from '@mikro-orm/core';
import { WorkflowExecutionAlreadyStartedError, type Client, type WorkflowHandle } from '@temporalio/client';
import type { WebhookDelivery } from '../db/entities/webhook-delivery';
import { createDelivery } from '../domain/webhooks/deliveries';
import { alertEvent, type AlertForDelivery } from '../domain/webhooks/events';
import type { Logger } from '../logger';
import type { WebhookDeliveryInput, WebhookDeliveryResult } from './contracts';
import { webhookDeliveryWorkflowId, workflowTypes } from './names';
import { searchAttributes } from './search-attributes';
import { MAX_ATTEMPTS } from '../workflows/retry-schedule';

type DeliveryWorkflow = (input: WebhookDeliveryInput) => Promise<WebhookDeliveryResult>;

/**
 * Delivery workflow starts in flight at once (the change check, redeliveries). The deliveries already started run
 * on the same machine and compete with the starts for the Temporal server; more starts in flight give the starts
 * a larger share of it. On the embedded dev server (bench:change-check, 1,000 alerts, 2 cores) 64 took half the
 * CPU of 16 to start them all (9 s vs 18 s, worker + server); alone, the server's start rate barely moves from
 * 16 to 256 (about 110 a second, bound by its SQLite commits), so more would add load and little speed.
 */
export const DELIVERY_START_CONCURRENCY = 64;

/**
 * What starting a delivery's workflow reads from its row (the body stays in the database); the attempt and
 * redelivery counts say which workflow a delivery under redelivery waits for (redelivery-starter.ts).
 */
export type DeliveryToStart = Pick<
  WebhookDelivery,
  | 'eventId'
  | 'accountId'
  | 'eventType'
  | 'companyNumber'
  | 'maxAttempts'
  | 'url'
  | 'attemptCount'
  | 'redeliveryCount'
>;

/**
 * Starts the delivery workflow of a stored delivery. Idempotent: a running workflow of the same event id is
 * reused, and a finished one is never started again (so a delivered event cannot be re-sent by a retry).
 */
export async function startDeliveryWorkflow(
  client: Client,
  taskQueue: string,
  delivery: WebhookDelivery,
): Promise<WorkflowHandle<DeliveryWorkflow>> {
  return (await launchDeliveryWorkflow(client, taskQueue, delivery)).handle;
}

/**
 * Says loudly that a pending delivery will never be sent because its workflow id is spent: its id was used
 * before, as happens when the database is reset but the Temporal namespace is kept. Call it only once the row,
 * read again after the start found the workflow closed, is still pending (isDeliveryStillPending in
 * pending-deliveries.ts): a workflow records its outcome before it closes, so most closed workflows belong to
 * deliveries that finished while the caller was busy.
 */
export function reportStrandedDelivery(logger: Logger, eventId: string): void {
  logger.error(
    { eventId, workflowId: webhookDeliveryWorkflowId(eventId) },
    'a pending delivery whose workflow id was already used and closed: it will not be sent ' +
      '(was the database reset while the Temporal namespace was kept?)',
  );
}

/**
 * startDeliveryWorkflow, saying what it found: `started` (this call started it), `running` (joined a running
 * one), or `closed` (a finished workflow holds the id: the delivery either finished meanwhile or is stranded,
 * see reportStrandedDelivery).
 */
export async function launchDeliveryWorkflow(
  client: Client,
  taskQueue: string,
  delivery: DeliveryToStart,
): Promise<{ handle: WorkflowHandle<DeliveryWorkflow>; outcome: 'started' | 'running' | 'closed' }> {
  const workflowId = webhookDeliveryWorkflowId(delivery.eventId);
  try {
    const handle = await client.workflow.start<DeliveryWorkflow>(workflowTypes.webhookDelivery, {
      workflowId,
      taskQueue,
      args: [
        {
          eventId: delivery.eventId,
          accountId: delivery.accountId,
          eventType: delivery.eventType,
          companyNumber: delivery.companyNumber,
          maxAttempts: delivery.maxAttempts,
        },
      ],
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      staticSummary: `${delivery.eventType}${delivery.companyNumber ? ` for ${delivery.companyNumber}` : ''} to ${new URL(delivery.url).host}`,
      typedSearchAttributes: [
        { key: searchAttributes.deliveryStatus, value: 'pending' },
        { key: searchAttributes.eventType, value: delivery.eventType },
        { key: searchAttributes.accountId, value: delivery.accountId },
        ...(delivery.companyNumber
          ? [{ key: searchAttributes.companyNumber, value: delivery.companyNumber }]
          : []),
      ],
    });
    return { handle, outcome: 'started' };
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    const handle = client.workflow.getHandle<DeliveryWorkflow>(workflowId);
    const { status } = await handle.describe();
    return { handle, outcome: status.name === 'RUNNING' ? 'running' : 'closed' };
  }
}

export interface AlertDeliveryContext {
  em: EntityManager;
  client: Client;
  taskQueue: string;
  publicBaseUrl: string;
  now: Date;
}

/**
 * What the change check calls for each alert with a webhook address: the event is stored first (its
 * unique event id guards against a second delivery), then its workflow is started.
 */
export async function startAlertDelivery(
  context: AlertDeliveryContext,
  input: { accountId: string; alert: AlertForDelivery; url: string; standardWebhooks?: boolean },
): Promise<WebhookDelivery> {
  const event = alertEvent(input.alert, context.publicBaseUrl, context.now);
  const delivery = await createDelivery(
    context.em,
    {
      eventId: event.id,
      accountId: input.accountId,
      eventType: event.type,
      companyNumber: input.alert.companyNumber,
      alertId: input.alert.alertId,
      url: input.url,
      body: JSON.stringify(event),
      maxAttempts: MAX_ATTEMPTS,
      standardWebhooks: input.standardWebhooks ?? false,
    },
    context.now,
  );
  await startDeliveryWorkflow(context.client, context.taskQueue, delivery);
  return delivery;
}
