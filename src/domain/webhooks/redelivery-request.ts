import type { EntityManager } from '@mikro-orm/core';
import { WebhookDeliveryEntity } from '../../db/entities/webhook-delivery';
import { WebhookDeliveryAttemptEntity } from '../../db/entities/webhook-delivery-attempt';
import { WebhookRedeliveryEntity } from '../../db/entities/webhook-redelivery';
import { notFound, ServiceError } from '../errors';
import { claimRedelivery, insertRedeliveries, type RedeliveryClaim } from './redelivery-claims';
import type { DeliveryWithAttempts } from './deliveries';

export interface RedeliveryRequest {
  accountId: string;
  eventId: string;
  now: Date;
  idempotencyKey: string | null;
}

function sendInProgress(eventId: string): ServiceError {
  return new ServiceError(
    'conflict',
    `Delivery ${eventId} is pending: it is being sent now. Redeliver it once it is delivered or failed`,
    { id: eventId, status: 'pending' },
  );
}

/**
 * Claims one delivery of the account for a redelivery and stores the answer the caller will give (JSON, for a
 * repeated Idempotency-Key), in one transaction: a key is never stored without its answer. Another account's
 * delivery is not found, as an unknown id is; a pending one (its workflow is still sending) is a conflict.
 */
export async function claimRequestedRedelivery<A>(
  em: EntityManager,
  request: RedeliveryRequest,
  answerOf: (claim: RedeliveryClaim, current: DeliveryWithAttempts) => A,
): Promise<{ claim: RedeliveryClaim; answer: A }> {
  return em.transactional(async (tx) => {
    const delivery = await tx.findOne(
      WebhookDeliveryEntity,
      { eventId: request.eventId, accountId: request.accountId },
      { disableIdentityMap: true },
    );
    if (!delivery) throw notFound('Delivery', { id: request.eventId });
    if (delivery.status === 'pending') throw sendInProgress(request.eventId);
    const claim = await claimRedelivery(tx, delivery, request.now, {
      recoveryId: null,
      idempotencyKey: request.idempotencyKey,
    });
    // Another request claimed it between the read and the update.
    if (!claim) throw sendInProgress(request.eventId);
    const attempts = await tx.find(
      WebhookDeliveryAttemptEntity,
      { eventId: request.eventId },
      { orderBy: { number: 'asc' }, disableIdentityMap: true },
    );
    const answer = answerOf(claim, { delivery: claim.delivery, attempts });
    claim.redelivery.answer = JSON.stringify(answer);
    await insertRedeliveries(tx, [claim]);
    return { claim, answer };
  });
}

/**
 * The answer already given under this key, to be given again without a second send; undefined when the key is
 * new. The same key for another delivery is a conflict: its answer is about a delivery not asked for now.
 */
export async function redeliveryAnswerForKey(
  em: EntityManager,
  accountId: string,
  idempotencyKey: string,
  eventId: string,
): Promise<unknown> {
  const row = await em.findOne(
    WebhookRedeliveryEntity,
    { accountId, idempotencyKey },
    { disableIdentityMap: true },
  );
  if (row === null || row.answer === null) return undefined;
  if (row.eventId !== eventId) {
    throw new ServiceError(
      'conflict',
      `Idempotency-Key "${idempotencyKey}" was already used to redeliver another delivery; use a new key for a ` +
        'new request',
      { idempotency_key: idempotencyKey },
    );
  }
  return JSON.parse(row.answer) as unknown;
}
