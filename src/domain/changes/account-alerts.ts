import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import { z } from 'zod';
import { AlertEntity, type Alert } from '../../db/entities/alert';
import { deliveryStatuses, WebhookDeliveryEntity } from '../../db/entities/webhook-delivery';
import { notSentReasons } from '../webhooks/alert-routing';
import { alertDataSchema, alertEvent } from '../webhooks/events';
import { alertForDelivery } from './stored-alert';

/*
 * An account's alerts as GET /watchlist/alerts shows them: the webhook payload's `data`, built by the same
 * function that builds the payload (so the page a payload links to shows the same fields and values), plus where
 * the alert's webhook stands. Newest first by alert id: the order the change check wrote them.
 */

export const ACCOUNT_ALERTS_DEFAULT_LIMIT = 50;
export const ACCOUNT_ALERTS_MAX_LIMIT = 100;

export const accountAlertSchema = alertDataSchema.extend({
  delivery: z
    .object({
      event_id: z.string().describe('The webhook body id and Service-Event-Id header'),
      status: z.enum(deliveryStatuses),
    })
    .nullable()
    .describe('The alert’s webhook delivery; null when no webhook address applied to the alert'),
  not_sent_reason: z
    .enum(notSentReasons)
    .nullable()
    .describe(
      'Why an alert with webhook addresses was not sent: not_routed when no address’s alert_types and ' +
        'min_severity take it; endpoint_disabled when its address was disabled (endpoint health), until a ' +
        'recovery sends it; null otherwise',
    ),
});

export type AccountAlert = z.infer<typeof accountAlertSchema>;

export interface AccountAlertsQuery {
  accountId: string;
  /** Canonical (8-character) company number. */
  companyNumber?: string;
  /** An alert id: only older alerts (smaller ids) are read. */
  before?: number;
  limit: number;
}

/** One page of the account's alerts, and the `before` of the next page (null on the last). */
export async function accountAlerts(
  em: EntityManager,
  query: AccountAlertsQuery,
  publicBaseUrl: string,
): Promise<{ items: AccountAlert[]; nextBefore: number | null }> {
  const where: FilterQuery<Alert> = { accountId: query.accountId };
  if (query.companyNumber !== undefined) where.companyNumber = query.companyNumber;
  if (query.before !== undefined) where.id = { $lt: query.before };
  const rows = await em.find(AlertEntity, where, { orderBy: { id: 'desc' }, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);

  const eventIds = page.flatMap((alert) => (alert.eventId === null ? [] : [alert.eventId]));
  const deliveries =
    eventIds.length === 0
      ? []
      : await em.find(
          WebhookDeliveryEntity,
          { eventId: { $in: eventIds }, accountId: query.accountId },
          { fields: ['eventId', 'status', 'attemptCount'] },
        );
  const statusOf = new Map(deliveries.map((delivery) => [delivery.eventId, delivery.status]));
  // Once a recovery has sent it, an alert held back by a disabled address is an alert sent like any other.
  const neverSent = new Set(deliveries.filter((d) => d.attemptCount === 0).map((d) => d.eventId));

  const items = page.map((alert): AccountAlert => {
    const { data } = alertEvent(alertForDelivery(alert), publicBaseUrl, alert.createdAt);
    const status = alert.eventId === null ? undefined : statusOf.get(alert.eventId);
    return {
      ...data,
      delivery: status === undefined ? null : { event_id: alert.eventId!, status },
      not_sent_reason: notSentReasonOf(alert, neverSent),
    };
  });
  return { items, nextBefore: rows.length > query.limit ? page.at(-1)!.id : null };
}

function notSentReasonOf(alert: Alert, neverSent: ReadonlySet<string>): AccountAlert['not_sent_reason'] {
  if (alert.notSentReason === 'not_routed') return 'not_routed';
  if (alert.notSentReason === 'endpoint_disabled' && alert.eventId !== null && neverSent.has(alert.eventId))
    return 'endpoint_disabled';
  return null;
}
