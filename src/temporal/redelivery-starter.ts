import type { EntityManager } from '@mikro-orm/core';
import type { SearchAttributePair } from '@temporalio/common';
import { WorkflowExecutionAlreadyStartedError, type Client, type WorkflowHandle } from '@temporalio/client';
import type { WebhookDelivery } from '../db/entities/webhook-delivery';
import type { WebhookRecovery } from '../db/entities/webhook-recovery';
import type { WebhookRedelivery } from '../db/entities/webhook-redelivery';
import type { DeliveryWithAttempts } from '../domain/webhooks/deliveries';
import { ServiceError } from '../domain/errors';
import { releaseClaims, type RedeliveryClaim } from '../domain/webhooks/redelivery-claims';
import { restoreDisabledEndpoint } from '../domain/webhooks/endpoint-health';
import { claimRecovery, deleteRecovery, type RecoveryRequest } from '../domain/webhooks/redelivery-recovery';
import { claimRequestedRedelivery, type RedeliveryRequest } from '../domain/webhooks/redelivery-request';
import type {
  WebhookDeliveryInput,
  WebhookDeliveryResult,
  WebhookRecoveryInput,
  WebhookRecoveryResult,
} from './contracts';
import { forEachWithConcurrency } from './delivery-catch-up-pool';
import { DELIVERY_START_CONCURRENCY, launchDeliveryWorkflow, type DeliveryToStart } from './delivery-starter';
import { webhookRedeliveryWorkflowId, workflowTypes } from './names';
import { searchAttributes } from './search-attributes';

type DeliveryWorkflow = (input: WebhookDeliveryInput) => Promise<WebhookDeliveryResult>;
type RecoveryWorkflow = (input: WebhookRecoveryInput) => Promise<WebhookRecoveryResult>;

/** A redelivery's workflow start, prepared once for the API (one) and the recovery's activity (a batch). */
export interface RedeliveryStart {
  workflowId: string;
  /** The Web UI's summary: "redelivery 2 of evt_…: company.alert for SC123456 to hooks.example.com". */
  summary: string;
  input: WebhookDeliveryInput;
}

/** A delivery's search attributes, as its own run starts with them: DeliveryStatus pending until it ends. */
function deliverySearchAttributes(input: WebhookDeliveryInput): SearchAttributePair[] {
  return [
    { key: searchAttributes.deliveryStatus, value: 'pending' },
    { key: searchAttributes.eventType, value: input.eventType },
    { key: searchAttributes.accountId, value: input.accountId },
    ...(input.companyNumber ? [{ key: searchAttributes.companyNumber, value: input.companyNumber }] : []),
  ];
}

export interface RedeliveryContext {
  em: EntityManager;
  client: Client;
  taskQueue: string;
}

/** How a redelivery's workflow is started: the same workflow type and input as the delivery's own run. */
export function redeliveryStart(
  delivery: Pick<
    WebhookDelivery,
    'eventId' | 'accountId' | 'eventType' | 'companyNumber' | 'url' | 'maxAttempts'
  >,
  redelivery: Pick<WebhookRedelivery, 'number' | 'workflowId' | 'firstAttempt' | 'recoveryId'>,
): RedeliveryStart {
  const what = `${delivery.eventType}${delivery.companyNumber ? ` for ${delivery.companyNumber}` : ''}`;
  const batch = redelivery.recoveryId ? ` (recovery ${redelivery.recoveryId})` : '';
  return {
    workflowId: redelivery.workflowId,
    summary: `redelivery ${redelivery.number} of ${delivery.eventId}: ${what} to ${new URL(delivery.url).host}${batch}`,
    input: {
      eventId: delivery.eventId,
      accountId: delivery.accountId,
      eventType: delivery.eventType,
      companyNumber: delivery.companyNumber,
      maxAttempts: delivery.maxAttempts,
      firstAttempt: redelivery.firstAttempt,
      redelivery: redelivery.number,
    },
  };
}

/**
 * Starts one redelivery's workflow. Its id is new (the delivery's own is spent); REJECT_DUPLICATE and
 * USE_EXISTING make a repeated start of the same redelivery join it rather than send twice.
 */
export async function startRedeliveryWorkflow(
  client: Client,
  taskQueue: string,
  start: RedeliveryStart,
): Promise<{ handle: WorkflowHandle<DeliveryWorkflow>; outcome: 'started' | 'running' | 'closed' }> {
  try {
    const handle = await client.workflow.start<DeliveryWorkflow>(workflowTypes.webhookDelivery, {
      workflowId: start.workflowId,
      taskQueue,
      args: [start.input],
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      staticSummary: start.summary,
      typedSearchAttributes: deliverySearchAttributes(start.input),
    });
    return { handle, outcome: 'started' };
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    const handle = client.workflow.getHandle<DeliveryWorkflow>(start.workflowId);
    const { status } = await handle.describe();
    return { handle, outcome: status.name === 'RUNNING' ? 'running' : 'closed' };
  }
}

/**
 * Starts the workflow a pending delivery is waiting for: its own, or its latest redelivery's. For the worker's
 * catch-up of pending deliveries without a workflow (a crash between a claim and its start).
 */
export async function launchCurrentDeliveryWorkflow(
  client: Client,
  taskQueue: string,
  delivery: DeliveryToStart,
): Promise<{ handle: WorkflowHandle<DeliveryWorkflow>; outcome: 'started' | 'running' | 'closed' }> {
  const number = delivery.redeliveryCount ?? 0;
  if (number === 0) return launchDeliveryWorkflow(client, taskQueue, delivery);
  // The first attempt a claim leaves for it: nothing is recorded between the claim and the first send.
  return startRedeliveryWorkflow(
    client,
    taskQueue,
    redeliveryStart(delivery, {
      number,
      workflowId: webhookRedeliveryWorkflowId(delivery.eventId, number),
      firstAttempt: delivery.attemptCount + 1,
      recoveryId: null,
    }),
  );
}

/**
 * Starts many redeliveries, DELIVERY_START_CONCURRENCY at once (a recovery's batch); after a failed start no
 * other is begun, and the starts in flight are awaited before the error is passed on. Idempotent: a redelivery
 * whose workflow exists already (a retried activity, the worker's catch-up) is counted, not started again.
 */
export async function startRedeliveries(
  client: Client,
  taskQueue: string,
  starts: readonly RedeliveryStart[],
  onProgress: (done: number) => void = () => undefined,
): Promise<WebhookRecoveryResult> {
  const result: WebhookRecoveryResult = { started: 0, alreadyStarted: 0 };
  await forEachWithConcurrency(starts, DELIVERY_START_CONCURRENCY, async (start) => {
    const { outcome } = await startRedeliveryWorkflow(client, taskQueue, start);
    if (outcome === 'started') result.started++;
    else result.alreadyStarted++;
    onProgress(result.started + result.alreadyStarted);
  });
  return result;
}

function temporalUnavailable(error: unknown): ServiceError {
  return new ServiceError('unavailable', 'The workflow service did not accept the redelivery; try again', {
    cause: error instanceof Error ? error.message : String(error),
  });
}

/**
 * Sends one finished delivery again: claims it (pending, the answer stored with the key) and starts its
 * redelivery workflow. If the start fails the claim is undone and the caller gets `unavailable`, so nothing is
 * left pending without a workflow to send it.
 */
export async function redeliver<A>(
  context: RedeliveryContext,
  request: RedeliveryRequest,
  answerOf: (claim: RedeliveryClaim, current: DeliveryWithAttempts) => A,
): Promise<A> {
  const { claim, answer } = await claimRequestedRedelivery(context.em, request, answerOf);
  try {
    await startRedeliveryWorkflow(
      context.client,
      context.taskQueue,
      redeliveryStart(claim.delivery, claim.redelivery),
    );
  } catch (error) {
    await releaseClaims(context.em.fork(), [claim]);
    throw temporalUnavailable(error);
  }
  return answer;
}

/**
 * Sends the account's failed deliveries since a time again: claims them with the recovery (answer stored with
 * the key) and starts one `webhook-recovery/<account>/<id>` workflow, whose activity starts each redelivery.
 * Nothing failed since then: the answer says 0 and no workflow is started.
 */
export async function recover<A>(
  context: RedeliveryContext,
  request: RecoveryRequest,
  answerOf: (recovery: Omit<WebhookRecovery, 'answer'>, claims: readonly RedeliveryClaim[]) => A,
): Promise<A> {
  const { recovery, claims, answer, reenabled } = await claimRecovery(context.em, request, answerOf);
  if (recovery.workflowId === null) return answer;
  try {
    await context.client.workflow.start<RecoveryWorkflow>(workflowTypes.webhookRecovery, {
      workflowId: recovery.workflowId,
      taskQueue: context.taskQueue,
      args: [{ accountId: recovery.accountId, recoveryId: recovery.id, deliveries: claims.length }],
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      staticSummary:
        `recovery of ${claims.length} failed deliveries since ${recovery.since.toISOString()}` +
        (recovery.truncated ? ' (more left for the next call)' : ''),
      typedSearchAttributes: [{ key: searchAttributes.accountId, value: recovery.accountId }],
    });
  } catch (error) {
    await releaseClaims(context.em.fork(), claims);
    await deleteRecovery(context.em.fork(), recovery.id);
    if (reenabled) await restoreDisabledEndpoint(context.em.fork(), reenabled);
    throw temporalUnavailable(error);
  }
  return answer;
}
