import type { ReceivedWebhook } from './crash-receiver';

/*
 * The crash ledger, as a pure function of what the database, Temporal and the receiver say once the run has
 * settled. Every alert written must be accounted for as delivered, failed, or pending with a future attempt
 * (its workflow running, asleep until its next try); anything else is lost (no delivery row, or a pending
 * delivery whose workflow no longer runs) or still under way (pending, workflow running, attempt already due).
 * At-least-once allows a receiver to see an event id more than once, but only when a kill fell between the
 * two sends: each repeat must have its earlier request started before some kill, and itself start after it.
 */

export interface LedgerAlert {
  alertId: number;
  /** The event id the change check gave the alert when it stored its delivery (null: none stored). */
  eventId: string | null;
}

export interface LedgerDelivery {
  eventId: string;
  status: 'pending' | 'delivered' | 'failed';
  nextAttemptAt: number | null;
  /** Whether `webhook-delivery/<event id>` is running in Temporal (only asked for pending deliveries). */
  workflowRunning: boolean;
}

export type ReceiverRequest = Pick<
  ReceivedWebhook,
  'eventId' | 'signature' | 'startedAt' | 'answeredAt' | 'signatureValid'
>;

export interface LedgerInput {
  alerts: readonly LedgerAlert[];
  deliveries: readonly LedgerDelivery[];
  requests: readonly ReceiverRequest[];
  /** When each kill -9 was sent (ms since the epoch). */
  kills: readonly number[];
  now: number;
}

export interface LostAlert {
  alertId: number;
  eventId: string | null;
  why: 'no_delivery_row' | 'workflow_not_running';
}

export interface DuplicateEvent {
  eventId: string;
  /** When each request for it arrived, in order. */
  startedAt: number[];
  /** Every repeat started after a kill that fell after the request before it had started. */
  explainedByKill: boolean;
}

export interface Ledger {
  alertsWritten: number;
  delivered: number;
  failed: number;
  pendingWithFutureAttempt: number;
  /** Pending, workflow running, next attempt due or past: neither lost nor settled. */
  pendingUnderWay: number;
  lost: number;
  lostAlerts: LostAlert[];
  /** alerts written = delivered + failed + pending with a future attempt. */
  identityHolds: boolean;
  receiver: {
    requests: number;
    eventIds: number;
    withoutEventId: number;
    unsigned: number;
    badSignatures: number;
    /** Event ids the receiver saw that no delivery row has. */
    unknownEventIds: string[];
    /** Deliveries recorded `delivered` for which the receiver never sent its 200. */
    deliveredNotAnswered: string[];
  };
  duplicates: {
    /** Requests beyond the first, over all event ids. */
    extraRequests: number;
    events: DuplicateEvent[];
    explainedByKill: number;
    unexplained: number;
  };
}

export function computeLedger(input: LedgerInput): Ledger {
  const deliveries = new Map(input.deliveries.map((delivery) => [delivery.eventId, delivery]));
  const lostAlerts: LostAlert[] = [];
  let delivered = 0;
  let failed = 0;
  let pendingWithFutureAttempt = 0;
  let pendingUnderWay = 0;
  for (const alert of input.alerts) {
    const delivery = alert.eventId === null ? undefined : deliveries.get(alert.eventId);
    if (!delivery) {
      lostAlerts.push({ alertId: alert.alertId, eventId: alert.eventId, why: 'no_delivery_row' });
    } else if (delivery.status === 'delivered') {
      delivered++;
    } else if (delivery.status === 'failed') {
      failed++;
    } else if (!delivery.workflowRunning) {
      lostAlerts.push({ alertId: alert.alertId, eventId: alert.eventId, why: 'workflow_not_running' });
    } else if (delivery.nextAttemptAt !== null && delivery.nextAttemptAt > input.now) {
      pendingWithFutureAttempt++;
    } else {
      pendingUnderWay++;
    }
  }

  const byEventId = new Map<string, ReceiverRequest[]>();
  for (const request of input.requests) {
    if (request.eventId === undefined) continue;
    const list = byEventId.get(request.eventId) ?? [];
    list.push(request);
    byEventId.set(request.eventId, list);
  }
  const events: DuplicateEvent[] = [];
  for (const [eventId, requests] of byEventId) {
    if (requests.length < 2) continue;
    const startedAt = requests.map((request) => request.startedAt).sort((a, b) => a - b);
    const explainedByKill = startedAt
      .slice(1)
      .every((later, i) => input.kills.some((kill) => startedAt[i]! <= kill && kill < later));
    events.push({ eventId, startedAt, explainedByKill });
  }
  const deliveredNotAnswered = input.deliveries
    .filter((delivery) => delivery.status === 'delivered')
    .filter((delivery) => !(byEventId.get(delivery.eventId) ?? []).some((r) => r.answeredAt !== undefined))
    .map((delivery) => delivery.eventId);

  return {
    alertsWritten: input.alerts.length,
    delivered,
    failed,
    pendingWithFutureAttempt,
    pendingUnderWay,
    lost: lostAlerts.length,
    lostAlerts,
    identityHolds: input.alerts.length === delivered + failed + pendingWithFutureAttempt,
    receiver: {
      requests: input.requests.length,
      eventIds: byEventId.size,
      withoutEventId: input.requests.filter((request) => request.eventId === undefined).length,
      unsigned: input.requests.filter((request) => request.signature === undefined).length,
      badSignatures: input.requests.filter((request) => request.signatureValid === false).length,
      unknownEventIds: [...byEventId.keys()].filter((eventId) => !deliveries.has(eventId)),
      deliveredNotAnswered,
    },
    duplicates: {
      extraRequests: events.reduce((sum, event) => sum + event.startedAt.length - 1, 0),
      events,
      explainedByKill: events.filter((event) => event.explainedByKill).length,
      unexplained: events.filter((event) => !event.explainedByKill).length,
    },
  };
}
