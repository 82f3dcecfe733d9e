import type { EntityManager } from '@mikro-orm/core';
import {
  WebhookDeliveryEntity,
  type DeliveryStatus,
  type WebhookDelivery,
} from '../../db/entities/webhook-delivery';
import {
  WebhookDeliveryAttemptEntity,
  type WebhookDeliveryAttempt,
} from '../../db/entities/webhook-delivery-attempt';
import { notFound } from '../errors';
import { isUniqueViolation } from '../../db/unique-violation';
import { countAttemptOutcome, DEFAULT_DISABLE_AFTER_MS } from './endpoint-health';

export type NewDelivery = Pick<
  WebhookDelivery,
  'eventId' | 'accountId' | 'eventType' | 'companyNumber' | 'alertId' | 'url' | 'body' | 'maxAttempts'
> &
  Pick<WebhookDelivery, 'standardWebhooks'>;

/** Inserts the delivery unless its event id exists already; either way returns the stored row. */
export async function createDelivery(
  em: EntityManager,
  input: NewDelivery,
  now: Date,
): Promise<WebhookDelivery> {
  try {
    await em.insert(WebhookDeliveryEntity, {
      ...input,
      status: 'pending',
      attemptCount: 0,
      createdAt: now,
      updatedAt: now,
      nextAttemptAt: now,
      completedAt: null,
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  return em.fork().findOneOrFail(WebhookDeliveryEntity, { eventId: input.eventId });
}

export async function findDelivery(em: EntityManager, eventId: string): Promise<WebhookDelivery> {
  const delivery = await em.findOne(WebhookDeliveryEntity, { eventId });
  if (!delivery) throw notFound('Delivery', { id: eventId });
  return delivery;
}

/**
 * Records one attempt and moves the delivery to its new state, idempotently: a retried recording of the
 * same attempt number leaves the same rows. `run` is the redelivery the attempt belongs to (0: the delivery's own
 * run): the state moves only while that run is the delivery's latest, so a late retry of an earlier run's
 * recording cannot overwrite a redelivery in progress. Says whether the state moved. The attempt counts towards
 * its endpoint's health once, when it is first stored, whichever run it belongs to (the receiver answered it).
 */
export async function recordAttempt(
  em: EntityManager,
  attempt: WebhookDeliveryAttempt,
  status: DeliveryStatus,
  now: Date,
  run = 0,
  disableAfterMs = DEFAULT_DISABLE_AFTER_MS,
): Promise<boolean> {
  return em.transactional(async (tx) => {
    const existing = await tx.findOne(WebhookDeliveryAttemptEntity, {
      eventId: attempt.eventId,
      number: attempt.number,
    });
    if (!existing) {
      await tx.insert(WebhookDeliveryAttemptEntity, attempt);
      const delivery = await tx.findOne(
        WebhookDeliveryEntity,
        { eventId: attempt.eventId },
        { fields: ['accountId', 'url'], disableIdentityMap: true },
      );
      if (delivery)
        await countAttemptOutcome(
          tx,
          { accountId: delivery.accountId, url: delivery.url },
          attempt,
          disableAfterMs,
        );
    }
    const moved = await tx.nativeUpdate(
      WebhookDeliveryEntity,
      { eventId: attempt.eventId, redeliveryCount: run },
      {
        status,
        attemptCount: attempt.number,
        updatedAt: now,
        nextAttemptAt: status === 'pending' ? attempt.nextAttemptAt : null,
        completedAt: status === 'pending' ? null : attempt.attemptedAt,
      },
    );
    return moved > 0;
  });
}

export interface DeliveryWithAttempts {
  delivery: WebhookDelivery;
  attempts: WebhookDeliveryAttempt[];
}

export async function deliveryForAccount(
  em: EntityManager,
  accountId: string,
  eventId: string,
): Promise<DeliveryWithAttempts> {
  const delivery = await em.findOne(WebhookDeliveryEntity, { eventId, accountId });
  // Another account's delivery is indistinguishable from none at all.
  if (!delivery) throw notFound('Delivery', { id: eventId });
  const attempts = await em.find(WebhookDeliveryAttemptEntity, { eventId }, { orderBy: { number: 'asc' } });
  return { delivery, attempts };
}

export interface DeliveryPageQuery {
  accountId: string;
  status?: DeliveryStatus;
  limit: number;
  /** The last item of the previous page: created_at in ms and event id, for stable keyset paging. */
  after?: { createdAt: number; eventId: string };
}

export async function listDeliveries(em: EntityManager, query: DeliveryPageQuery) {
  const after = query.after;
  const deliveries = await em.find(
    WebhookDeliveryEntity,
    {
      accountId: query.accountId,
      ...(query.status ? { status: query.status } : {}),
      ...(after
        ? {
            $or: [
              { createdAt: { $lt: new Date(after.createdAt) } },
              { createdAt: new Date(after.createdAt), eventId: { $lt: after.eventId } },
            ],
          }
        : {}),
    },
    { orderBy: { createdAt: 'desc', eventId: 'desc' }, limit: query.limit + 1 },
  );
  const page = deliveries.slice(0, query.limit);
  const attempts = page.length
    ? await em.find(
        WebhookDeliveryAttemptEntity,
        { eventId: { $in: page.map((d) => d.eventId) } },
        { orderBy: { eventId: 'asc', number: 'asc' } },
      )
    : [];
  const byEvent = new Map<string, WebhookDeliveryAttempt[]>();
  for (const attempt of attempts)
    byEvent.set(attempt.eventId, [...(byEvent.get(attempt.eventId) ?? []), attempt]);
  return {
    items: page.map((delivery) => ({ delivery, attempts: byEvent.get(delivery.eventId) ?? [] })),
    hasMore: deliveries.length > query.limit,
  };
}
