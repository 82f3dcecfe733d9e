import type { EntityManager } from '@mikro-orm/core';
import { WebhookDeliveryEntity } from '../db/entities/webhook-delivery';
import type { Orm } from '../db/orm';
import type { DeliveryToStart } from './delivery-starter';

/** What a workflow start reads of a delivery's row (DeliveryToStart): never the body. */
const startFields = [
  'eventId',
  'accountId',
  'eventType',
  'companyNumber',
  'maxAttempts',
  'url',
  'attemptCount',
  'redeliveryCount',
] as const;

function toStart(row: DeliveryToStart): DeliveryToStart {
  return {
    eventId: row.eventId,
    accountId: row.accountId,
    eventType: row.eventType,
    companyNumber: row.companyNumber,
    maxAttempts: row.maxAttempts,
    url: row.url,
    attemptCount: row.attemptCount,
    redeliveryCount: row.redeliveryCount,
  };
}

/** Event ids bound in one `in (…)`: far inside SQLite's (32,766) and PostgreSQL's (65,535) parameter limits. */
export const EVENT_IDS_PER_QUERY = 500;

/**
 * The deliveries among `eventIds` still pending, in the order given (each once), with only the columns a
 * workflow start needs: one query per 500 ids where the change check once read each row on its own (1,000 reads
 * for 1,000 alerts). Read afresh (a new context), so a delivery that finished since it was written is left out.
 */
export async function pendingDeliveriesAmong(
  em: EntityManager,
  eventIds: readonly string[],
): Promise<DeliveryToStart[]> {
  const wanted = [...new Set(eventIds)];
  const found = new Map<string, DeliveryToStart>();
  for (let from = 0; from < wanted.length; from += EVENT_IDS_PER_QUERY) {
    const rows = await em
      .fork()
      .find(
        WebhookDeliveryEntity,
        { eventId: { $in: wanted.slice(from, from + EVENT_IDS_PER_QUERY) }, status: 'pending' },
        { fields: [...startFields] },
      );
    for (const row of rows) found.set(row.eventId, toStart(row));
  }
  return wanted.flatMap((eventId) => found.get(eventId) ?? []);
}

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
        fields: [...startFields],
        orderBy: { eventId: 'asc' },
        limit: pageSize,
      },
    );
    if (rows.length === 0) return;
    yield rows.map(toStart);
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
