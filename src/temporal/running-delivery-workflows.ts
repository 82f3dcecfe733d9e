import type { Client } from '@temporalio/client';
import { webhookDeliveryWorkflowId, workflowTypes } from './names';

const DELIVERY_ID_PREFIX = webhookDeliveryWorkflowId('');

/**
 * The event id a delivery workflow works for: `webhook-delivery/<event id>`, or a later run of the same event
 * under `webhook-delivery/<event id>/<suffix>` (a redelivery). Event ids never hold a `/`. Undefined for any
 * other id.
 */
export function deliveryEventIdOf(workflowId: string): string | undefined {
  if (!workflowId.startsWith(DELIVERY_ID_PREFIX)) return undefined;
  const eventId = workflowId.slice(DELIVERY_ID_PREFIX.length).split('/', 1)[0];
  return eventId ? eventId : undefined;
}

/** Visibility's query for every delivery workflow still running, on any task queue. */
export const runningDeliveryWorkflowsQuery = `WorkflowType = '${workflowTypes.webhookDelivery}' AND ExecutionStatus = 'Running'`;

/**
 * The event ids whose delivery has a running workflow, from one paged listing of Temporal's visibility store
 * rather than one describe per delivery. Visibility lags the workflows by moments: a workflow started since is
 * missed (starting it again only joins it), and one closed since is still listed and left alone (one that ended
 * by itself recorded its outcome first; one terminated by hand is seen at the next start-up).
 */
export async function runningDeliveryEventIds(client: Client, signal?: AbortSignal): Promise<Set<string>> {
  const eventIds = new Set<string>();
  for await (const execution of client.workflow.list({
    query: runningDeliveryWorkflowsQuery,
    pageSize: 1000,
  })) {
    if (signal?.aborted) break;
    const eventId = deliveryEventIdOf(execution.workflowId);
    if (eventId) eventIds.add(eventId);
  }
  return eventIds;
}
