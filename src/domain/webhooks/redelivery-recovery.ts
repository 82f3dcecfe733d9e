import type { EntityManager } from '@mikro-orm/core';
import { WebhookDeliveryEntity, type WebhookDelivery } from '../../db/entities/webhook-delivery';
import type { WebhookEndpointHealth } from '../../db/entities/webhook-endpoint-health';
import { WebhookRecoveryEntity, type WebhookRecovery } from '../../db/entities/webhook-recovery';
import { WebhookRedeliveryEntity, type WebhookRedelivery } from '../../db/entities/webhook-redelivery';
import { webhookRecoveryWorkflowId } from '../../temporal/names';
import { ServiceError } from '../errors';
import { newId } from '../ids';
import { reenableEndpoint } from './endpoint-health';
import { claimRedelivery, insertRedeliveries, type RedeliveryClaim } from './redelivery-claims';

/** How far back a recovery may reach: deliveries failed more than 14 days ago stay as they are. */
export const RECOVERY_WINDOW_MS = 14 * 24 * 60 * 60 * 1000;

/** The most deliveries one recover call starts; a call that finds more says so and the next call goes on. */
export const RECOVERY_BATCH_LIMIT = 1_000;

/** Why `since` cannot be recovered from at `now`, or undefined when it can. */
export function recoveryWindowProblem(since: Date, now: Date): string | undefined {
  if (since.getTime() > now.getTime()) return 'is in the future';
  if (now.getTime() - since.getTime() > RECOVERY_WINDOW_MS) return 'is more than 14 days back';
  return undefined;
}

export interface RecoveryRequest {
  accountId: string;
  since: Date;
  limit: number;
  now: Date;
  idempotencyKey: string | null;
  /** One endpoint: re-enabled (it must be disabled) and only its failures sent again, in the same transaction. */
  url?: string;
}

export interface RecoveryClaims {
  recovery: WebhookRecovery;
  claims: RedeliveryClaim[];
  /** The disabled endpoint the call re-enabled, as it was: put back if the recovery's workflow cannot start. */
  reenabled?: WebhookEndpointHealth;
}

/**
 * Claims every `failed` delivery of the account whose failure (completed_at) is at or after `since`, oldest
 * failure first, at most `limit`, and stores the recovery with the answer the caller will give, in one
 * transaction. Only the account's own deliveries are read. A delivery another request claims meanwhile is left
 * to that request. With a `url`, the endpoint is re-enabled first (refused unless disabled) and only its
 * deliveries are claimed: those that failed and those held back while it was disabled (stored failed, unsent).
 */
export async function claimRecovery<A>(
  em: EntityManager,
  request: RecoveryRequest,
  answerOf: (recovery: Omit<WebhookRecovery, 'answer'>, claims: readonly RedeliveryClaim[]) => A,
): Promise<RecoveryClaims & { answer: A }> {
  return em.transactional(async (tx) => {
    const id = newId('rec');
    const recovery: WebhookRecovery = {
      id,
      accountId: request.accountId,
      since: request.since,
      batchLimit: request.limit,
      idempotencyKey: request.idempotencyKey,
      url: request.url ?? null,
      workflowId: null,
      started: 0,
      truncated: false,
      answer: '',
      createdAt: request.now,
    };
    // First, so a second call with the same key stops here (unique key) before it claims anything.
    await tx.insert(WebhookRecoveryEntity, recovery);
    const reenabled =
      request.url === undefined
        ? undefined
        : await reenableEndpoint(tx, { accountId: request.accountId, url: request.url }, request.now);
    const failed = await tx.find(
      WebhookDeliveryEntity,
      {
        accountId: request.accountId,
        status: 'failed',
        completedAt: { $gte: request.since },
        ...(request.url === undefined ? {} : { url: request.url }),
      },
      {
        orderBy: { completedAt: 'asc', eventId: 'asc' },
        limit: request.limit + 1,
        disableIdentityMap: true,
      },
    );
    const claims: RedeliveryClaim[] = [];
    for (const delivery of failed.slice(0, request.limit)) {
      const claim = await claimRedelivery(tx, delivery, request.now, {
        recoveryId: id,
        idempotencyKey: null,
      });
      if (claim) claims.push(claim);
    }
    await insertRedeliveries(tx, claims);
    recovery.started = claims.length;
    recovery.truncated = failed.length > request.limit;
    recovery.workflowId = claims.length > 0 ? webhookRecoveryWorkflowId(request.accountId, id) : null;
    const { answer: _unset, ...described } = recovery;
    const answer = answerOf(described, claims);
    recovery.answer = JSON.stringify(answer);
    await tx.nativeUpdate(
      WebhookRecoveryEntity,
      { id },
      {
        started: recovery.started,
        truncated: recovery.truncated,
        workflowId: recovery.workflowId,
        answer: recovery.answer,
      },
    );
    return { recovery, claims, answer, ...(reenabled ? { reenabled } : {}) };
  });
}

/** The redeliveries a recover call claimed, with their deliveries, in event id order: what its workflow starts. */
export async function recoveryRedeliveries(
  em: EntityManager,
  recoveryId: string,
): Promise<{ delivery: WebhookDelivery; redelivery: WebhookRedelivery }[]> {
  const redeliveries = await em.find(
    WebhookRedeliveryEntity,
    { recoveryId },
    { orderBy: { eventId: 'asc' }, disableIdentityMap: true },
  );
  const deliveries = new Map<string, WebhookDelivery>();
  for (let i = 0; i < redeliveries.length; i += 500) {
    const rows = await em.find(
      WebhookDeliveryEntity,
      { eventId: { $in: redeliveries.slice(i, i + 500).map((r) => r.eventId) } },
      { disableIdentityMap: true },
    );
    for (const row of rows) deliveries.set(row.eventId, row);
  }
  return redeliveries.flatMap((redelivery) => {
    const delivery = deliveries.get(redelivery.eventId);
    return delivery ? [{ delivery, redelivery }] : [];
  });
}

/** Forgets a recovery whose workflow could not be started (its claims are released apart). */
export async function deleteRecovery(em: EntityManager, id: string): Promise<void> {
  await em.nativeDelete(WebhookRecoveryEntity, { id });
}

/**
 * The answer already given under this key, or undefined when the key is new. The same key with another `since`,
 * `limit` or `url` is a conflict.
 */
export async function recoveryAnswerForKey(
  em: EntityManager,
  accountId: string,
  idempotencyKey: string,
  request: { since: Date; limit: number; url: string | undefined },
): Promise<unknown> {
  const row = await em.findOne(
    WebhookRecoveryEntity,
    { accountId, idempotencyKey },
    { disableIdentityMap: true },
  );
  if (row === null || row.answer === '') return undefined;
  if (
    row.since.getTime() !== request.since.getTime() ||
    row.batchLimit !== request.limit ||
    (row.url ?? undefined) !== request.url
  ) {
    throw new ServiceError(
      'conflict',
      `Idempotency-Key "${idempotencyKey}" was already used for a recover call with another since, limit or url; ` +
        'use a new key for a new request',
      { idempotency_key: idempotencyKey, recovery_id: row.id },
    );
  }
  return JSON.parse(row.answer) as unknown;
}
