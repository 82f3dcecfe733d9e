import type { EntityManager } from '@mikro-orm/core';
import { WebhookDeliveryEntity, type WebhookDelivery } from '../../db/entities/webhook-delivery';
import { WebhookRedeliveryEntity, type WebhookRedelivery } from '../../db/entities/webhook-redelivery';
import { webhookRedeliveryWorkflowId } from '../../temporal/names';

/**
 * A finished delivery moved back to `pending` as its n-th redelivery, with the row naming the workflow that will
 * send it. `before` is what the delivery was, for `releaseClaims` when that workflow cannot be started.
 */
export interface RedeliveryClaim {
  delivery: WebhookDelivery;
  redelivery: WebhookRedelivery;
  before: Pick<WebhookDelivery, 'status' | 'completedAt' | 'redeliveredAt' | 'updatedAt' | 'attemptCount'>;
}

/**
 * Claims one delivery for a redelivery, in the caller's transaction. A compare-and-set on status and
 * redelivery_count: of two requests racing for the same delivery (two redeliver calls, a redeliver and a
 * recover), exactly one changes the row; the other gets null. The redelivery row is the caller's to insert
 * (insertRedeliveries), in the same transaction.
 */
export async function claimRedelivery(
  tx: EntityManager,
  delivery: WebhookDelivery,
  now: Date,
  origin: { recoveryId: string | null; idempotencyKey: string | null },
): Promise<RedeliveryClaim | null> {
  const previousCount = delivery.redeliveryCount ?? 0;
  const number = previousCount + 1;
  const changed = await tx.nativeUpdate(
    WebhookDeliveryEntity,
    {
      eventId: delivery.eventId,
      status: { $in: ['delivered', 'failed'] },
      redeliveryCount: previousCount,
    },
    {
      status: 'pending',
      redeliveryCount: number,
      redeliveredAt: now,
      updatedAt: now,
      nextAttemptAt: now,
      completedAt: null,
    },
  );
  if (changed === 0) return null;
  const redelivery: WebhookRedelivery = {
    eventId: delivery.eventId,
    number,
    accountId: delivery.accountId,
    workflowId: webhookRedeliveryWorkflowId(delivery.eventId, number),
    firstAttempt: delivery.attemptCount + 1,
    recoveryId: origin.recoveryId,
    idempotencyKey: origin.idempotencyKey,
    answer: null,
    requestedAt: now,
  };
  return {
    delivery: {
      eventId: delivery.eventId,
      accountId: delivery.accountId,
      eventType: delivery.eventType,
      companyNumber: delivery.companyNumber,
      alertId: delivery.alertId,
      url: delivery.url,
      body: delivery.body,
      status: 'pending',
      maxAttempts: delivery.maxAttempts,
      attemptCount: delivery.attemptCount,
      createdAt: delivery.createdAt,
      updatedAt: now,
      nextAttemptAt: now,
      completedAt: null,
      redeliveryCount: number,
      redeliveredAt: now,
    },
    redelivery,
    before: {
      status: delivery.status,
      completedAt: delivery.completedAt,
      redeliveredAt: delivery.redeliveredAt ?? null,
      updatedAt: delivery.updatedAt,
      attemptCount: delivery.attemptCount,
    },
  };
}

/** Records the claims' redelivery rows, a few hundred per statement. */
export async function insertRedeliveries(
  tx: EntityManager,
  claims: readonly RedeliveryClaim[],
): Promise<void> {
  for (let i = 0; i < claims.length; i += 200) {
    await tx.insertMany(
      WebhookRedeliveryEntity,
      claims.slice(i, i + 200).map((claim) => claim.redelivery),
    );
  }
}

/**
 * Undoes claims whose workflows could not be started (Temporal unreachable), so the deliveries do not sit
 * `pending` with nothing to send them. Only a row still exactly as the claim left it is put back.
 */
export async function releaseClaims(em: EntityManager, claims: readonly RedeliveryClaim[]): Promise<void> {
  await em.transactional(async (tx) => {
    for (const { delivery, redelivery, before } of claims) {
      await tx.nativeDelete(WebhookRedeliveryEntity, {
        eventId: redelivery.eventId,
        number: redelivery.number,
      });
      await tx.nativeUpdate(
        WebhookDeliveryEntity,
        {
          eventId: delivery.eventId,
          status: 'pending',
          redeliveryCount: redelivery.number,
          attemptCount: before.attemptCount,
        },
        {
          status: before.status,
          redeliveryCount: redelivery.number - 1,
          redeliveredAt: before.redeliveredAt,
          completedAt: before.completedAt,
          updatedAt: before.updatedAt,
          nextAttemptAt: null,
        },
      );
    }
  });
}
