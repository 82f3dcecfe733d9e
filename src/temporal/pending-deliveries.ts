import type { EntityManager } from '@mikro-orm/core';
import { WebhookDeliveryEntity } from '../db/entities/webhook-delivery';
import type { Orm } from '../db/orm';
import type { DeliveryToStart } from './delivery-starter';

/**
 * Every pending delivery, a page at a time in event id order (keyset: each page starts after the last id of
 * the one before), with only the columns a workflow start needs: 10,000 pending never means 10,000 bodies in
 * memory, and each row is read at most once however many rows stop being pending meanwhile (offsets would skip
 * some).
 */
export async function* pendingDeliveryPages(
  orm: Orm,
  pageSize: number,
  signal?: AbortSignal,
): AsyncGenerator<DeliveryToStart[]> {
  if (!Number.isInteger(pageSize) || pageSize < 1)
    throw new RangeError(`page size must be a positive integer, got ${pageSize}`);
  let after: string | undefined;
  while (!signal?.aborted) {
    const rows = await orm.em.fork().find(
      WebhookDeliveryEntity,
      { status: 'pending', ...(after === undefined ? {} : { eventId: { $gt: after } }) },
      {
        fields: [
          'eventId',
          'accountId',
          'eventType',
          'companyNumber',
          'maxAttempts',
          'url',
          'attemptCount',
          'redeliveryCount',
        ],
        orderBy: { eventId: 'asc' },
        limit: pageSize,
      },
    );
    if (rows.length === 0) return;
    yield rows.map((row) => ({
      eventId: row.eventId,
      accountId: row.accountId,
      eventType: row.eventType,
      companyNumber: row.companyNumber,
      maxAttempts: row.maxAttempts,
      url: row.url,
      attemptCount: row.attemptCount,
      redeliveryCount: row.redeliveryCount,
    }));
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]!.eventId;
  }
}

/**
 * Whether a delivery is still pending, read afresh (a new context, not an identity map that may hold the row as
 * it was): its workflow records the outcome before it closes, so a closed workflow with a row no longer pending
 * is a delivery that finished, not one that is stranded.
 */
export async function isDeliveryStillPending(em: EntityManager, eventId: string): Promise<boolean> {
  const row = await em.fork().findOne(WebhookDeliveryEntity, { eventId }, { fields: ['status'] });
  return row?.status === 'pending';
}
