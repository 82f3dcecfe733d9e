import type { EntityManager } from '@mikro-orm/core';
import { AlertEntity, type Alert } from '../../db/entities/alert';
import { ChangeCheckStateEntity, type ChangeCheckState } from '../../db/entities/change-check-state';
import { WebhookDeliveryEntity, type WebhookDelivery } from '../../db/entities/webhook-delivery';
import { isoDay } from '../companies/company-profile';
import { dialectOf } from '../companies/register-sql';
import { alertEvent, alertEventId, type AlertType } from '../webhooks/events';
import type { NotSentReason } from '../webhooks/alert-routing';
import { disabledEndpoints, endpointKey } from '../webhooks/endpoint-health';
import { MAX_ATTEMPTS } from '../../workflows/retry-schedule';
import { alertForDelivery } from './stored-alert';
import { alertSeverity, alertWording } from './alert-rules';
import type { ChangeField } from './company-changes';
import { alertAddress, findMonitors, monitoredSince, type AlertAddress, type Monitor } from './monitors';
import { overdueChanges } from './overdue-changes';
import { appendChanges, parseChangeValue } from './register-change-log';

/*
 * One step of the change check, in one transaction: turn passed due dates into changes, read the next changes
 * past the checkpoint, write one alert per change per monitoring account, store one pending delivery per alert
 * that has a webhook address, and move the checkpoint. All or nothing, so the checkpoint never moves past a
 * change whose alerts are not written; the unique keys (one alert per account and change, one delivery per
 * event id) make a repeated step add nothing. Starting the delivery workflows is the next step (an activity of
 * its own), from the pending deliveries this one returns.
 */

export const CHANGE_CHECK_STATE_ID = 'change-check';
/** Changes read per step: bounds the transaction and the activity result. */
export const CHANGE_CHECK_BATCH = 2_000;
/** Every alert's delivery is the alert's first and only event: evt_<alert_id>_1. */
const DELIVERY_SEQUENCE = 1;

export interface ChangeCheckStep {
  /** The checkpoint after this step. */
  throughSequence: number;
  changesRead: number;
  overdueChanges: number;
  alertsWritten: number;
  /** Event ids of this step's deliveries still pending: the workflows to start. */
  deliveryEventIds: string[];
  /** More changes wait past the checkpoint. */
  more: boolean;
}

/**
 * Where a step stands, reported as it goes: the activity heartbeats it, so a long step (many accounts monitoring
 * the changed companies means many alerts) reports itself alive between its statements, and an operator sees how
 * far it got. On SQLite a step never yields to timers (every statement is synchronous), so these reports are its
 * only heartbeats. `done` counts the stage's rows so far.
 */
export interface ChangeCheckProgress {
  stage: 'checkpoint locked' | 'changes read' | 'alerts' | 'deliveries';
  done: number;
}

type ReportProgress = (progress: ChangeCheckProgress) => void;

interface ChangeRow {
  sequence: number | string;
  company_number: string;
  field: ChangeField;
  alert_type: AlertType | null;
  old_value: string | null;
  new_value: string | null;
  detected_at: Date | number | string;
  company_name: string | null;
}

async function lockState(em: EntityManager, now: Date): Promise<ChangeCheckState> {
  const forUpdate = dialectOf(em) === 'postgresql' ? ' for update' : '';
  const rows: { last_sequence: number | string; overdue_checked_through: string | null }[] = await em
    .getConnection()
    .execute(
      `select last_sequence, overdue_checked_through from change_check_state where id = ?${forUpdate}`,
      [CHANGE_CHECK_STATE_ID],
      'all',
      em.getTransactionContext(),
    );
  const row = rows[0];
  if (row) {
    return {
      id: CHANGE_CHECK_STATE_ID,
      lastSequence: Number(row.last_sequence),
      overdueCheckedThrough: row.overdue_checked_through,
      updatedAt: now,
    };
  }
  // The first check ever: it starts at the head of the feed (0, all changes so far) and watches due dates from
  // today on; it does not announce every filing that was already overdue. Two first checks racing both insert;
  // the loser's unique violation fails its activity, whose retry finds the row.
  const state: ChangeCheckState = {
    id: CHANGE_CHECK_STATE_ID,
    lastSequence: 0,
    overdueCheckedThrough: null,
    updatedAt: now,
  };
  await em.insert(ChangeCheckStateEntity, state);
  return state;
}

export async function runChangeCheckStep(
  em: EntityManager,
  options: { now: Date; publicBaseUrl: string; batchSize?: number; onProgress?: ReportProgress },
): Promise<ChangeCheckStep> {
  const { now, publicBaseUrl } = options;
  const batchSize = options.batchSize ?? CHANGE_CHECK_BATCH;
  const report: ReportProgress = options.onProgress ?? (() => undefined);
  return em.transactional(async (tx) => {
    const state = await lockState(tx, now);
    report({ stage: 'checkpoint locked', done: 0 });
    const today = isoDay(now);

    const overdue = state.overdueCheckedThrough
      ? await overdueChanges(tx, state.overdueCheckedThrough, today)
      : [];
    await appendChanges(tx, overdue, 'clock', now);

    const changes: ChangeRow[] = await tx
      .getConnection()
      .execute(
        'select r.sequence, r.company_number, r.field, r.alert_type, r.old_value, r.new_value, r.detected_at, ' +
          'c.company_name from register_changes r left join companies c on c.company_number = r.company_number ' +
          'where r.sequence > ? order by r.sequence limit ?',
        [state.lastSequence, batchSize + 1],
        'all',
        tx.getTransactionContext(),
      );
    const more = changes.length > batchSize;
    if (more) changes.pop();
    report({ stage: 'changes read', done: changes.length });

    const alertable = changes.filter((change) => change.alert_type !== null);
    const monitors = await findMonitors(tx, [...new Set(alertable.map((change) => change.company_number))]);
    const monitorsByCompany = new Map<string, Monitor[]>();
    for (const monitor of monitors) {
      const list = monitorsByCompany.get(monitor.companyNumber) ?? [];
      list.push(monitor);
      monitorsByCompany.set(monitor.companyNumber, list);
    }

    // Read in this transaction: an alert for an endpoint disabled now is written as not sent (endpoint_disabled).
    const disabled = await disabledEndpoints(tx, [...new Set(monitors.map((monitor) => monitor.accountId))]);
    const candidates: Omit<Alert, 'id'>[] = [];
    // (account, change) pairs whose chosen address signs the Standard Webhooks way too. Read in this transaction,
    // from the same monitors as the alerts' addresses, so an alert and its delivery cannot disagree.
    const standardSigned = new Set<string>();
    for (const change of alertable) {
      const detectedAt = new Date(change.detected_at);
      const stored = {
        alertType: change.alert_type!,
        field: change.field,
        oldValue: parseChangeValue(change.old_value),
        newValue: parseChangeValue(change.new_value),
      };
      const company = { name: change.company_name ?? change.company_number, number: change.company_number };
      const wording = alertWording(stored, company);
      for (const monitor of monitorsByCompany.get(change.company_number) ?? []) {
        if (monitoredSince(monitor) > detectedAt) continue;
        const severity = alertSeverity(stored);
        const address = alertAddress(monitor, { alertType: stored.alertType, severity });
        if (address?.url && address.standardWebhooks) {
          standardSigned.add(`${monitor.accountId}:${Number(change.sequence)}`);
        }
        candidates.push({
          accountId: monitor.accountId,
          companyNumber: change.company_number,
          companyName: company.name,
          changeSequence: Number(change.sequence),
          alertType: stored.alertType,
          severity,
          title: wording.title,
          detail: wording.detail,
          detectedAt,
          lists: JSON.stringify(monitor.lists.map((list) => ({ id: list.listId, name: list.name }))),
          webhookUrl: address?.url ?? null,
          notSentReason: notSentReason(address, monitor.accountId, disabled),
          eventId: null,
          createdAt: now,
        });
      }
    }

    const { alerts, written } = await writeAlerts(tx, candidates, report);
    const deliveryEventIds = await writeDeliveries(tx, alerts, standardSigned, publicBaseUrl, now, report);

    const last = changes.at(-1);
    await tx.nativeUpdate(
      ChangeCheckStateEntity,
      { id: CHANGE_CHECK_STATE_ID },
      {
        lastSequence: last ? Number(last.sequence) : state.lastSequence,
        // Never backwards: a clock set back must not make the next check announce the same due dates again.
        overdueCheckedThrough:
          state.overdueCheckedThrough && state.overdueCheckedThrough > today
            ? state.overdueCheckedThrough
            : today,
        updatedAt: now,
      },
    );
    return {
      throughSequence: last ? Number(last.sequence) : state.lastSequence,
      changesRead: changes.length,
      overdueChanges: overdue.length,
      alertsWritten: written,
      deliveryEventIds,
      more,
    };
  });
}

/** Why an alert is not sent: routing took it nowhere, or the address it goes to is disabled; null when it is sent. */
function notSentReason(
  address: AlertAddress | null,
  accountId: string,
  disabled: ReadonlySet<string>,
): NotSentReason | null {
  if (address === null) return null;
  if (address.url === null) return address.notSentReason;
  return disabled.has(endpointKey(accountId, address.url)) ? 'endpoint_disabled' : null;
}

/** Inserts the alerts not written before; returns every alert of these changes, old and new. */
async function writeAlerts(
  em: EntityManager,
  candidates: Omit<Alert, 'id'>[],
  report: ReportProgress,
): Promise<{ alerts: Alert[]; written: number }> {
  if (candidates.length === 0) return { alerts: [], written: 0 };
  const sequences = [...new Set(candidates.map((alert) => alert.changeSequence))];
  const existing = await findAlerts(em, sequences);
  const written = new Set(existing.map((alert) => `${alert.accountId}:${alert.changeSequence}`));
  const fresh = candidates.filter((alert) => !written.has(`${alert.accountId}:${alert.changeSequence}`));
  for (let i = 0; i < fresh.length; i += 500) {
    await em.insertMany<Alert>(AlertEntity, fresh.slice(i, i + 500));
    report({ stage: 'alerts', done: Math.min(i + 500, fresh.length) });
  }
  return { alerts: fresh.length > 0 ? await findAlerts(em, sequences) : existing, written: fresh.length };
}

async function findAlerts(em: EntityManager, sequences: readonly number[]): Promise<Alert[]> {
  const alerts: Alert[] = [];
  for (let i = 0; i < sequences.length; i += 500) {
    alerts.push(
      ...(await em.find(
        AlertEntity,
        { changeSequence: { $in: sequences.slice(i, i + 500) } },
        // Read-only rows: kept out of the identity map, or the commit would rewrite their datetime columns.
        { orderBy: { id: 'asc' }, disableIdentityMap: true },
      )),
    );
  }
  return alerts;
}

/**
 * One pending delivery per alert with a webhook address (its event id built from the alert id); returns the
 * event ids still pending, which includes those a crashed earlier step stored but never started.
 */
async function writeDeliveries(
  em: EntityManager,
  alerts: readonly Alert[],
  standardSigned: ReadonlySet<string>,
  publicBaseUrl: string,
  now: Date,
  report: ReportProgress,
): Promise<string[]> {
  const sending = alerts.filter((alert) => alert.webhookUrl !== null);
  if (sending.length === 0) return [];
  const pending: string[] = [];
  const fresh: WebhookDelivery[] = [];
  for (const alert of sending) {
    const event = alertEvent(alertForDelivery(alert), publicBaseUrl, now, DELIVERY_SEQUENCE);
    if (alert.eventId === null) {
      fresh.push({
        eventId: event.id,
        accountId: alert.accountId,
        eventType: event.type,
        companyNumber: alert.companyNumber,
        alertId: alert.id,
        url: alert.webhookUrl!,
        body: JSON.stringify(event),
        standardWebhooks: standardSigned.has(`${alert.accountId}:${Number(alert.changeSequence)}`),
        ...(alert.notSentReason === 'endpoint_disabled'
          ? // Stored ended and never started: listed as not sent, and what a recovery sends once re-enabled.
            { status: 'failed' as const, nextAttemptAt: null, completedAt: now }
          : { status: 'pending' as const, nextAttemptAt: now, completedAt: null }),
        maxAttempts: MAX_ATTEMPTS,
        attemptCount: 0,
        createdAt: now,
        updatedAt: now,
      });
    }
  }
  for (let i = 0; i < fresh.length; i += 500) {
    const chunk = fresh.slice(i, i + 500);
    // The event id is the last guard against a second delivery: one already stored under it is kept, not doubled.
    const stored = await em.find(
      WebhookDeliveryEntity,
      { eventId: { $in: chunk.map((delivery) => delivery.eventId) } },
      { fields: ['eventId'], disableIdentityMap: true },
    );
    const storedIds = new Set(stored.map((delivery) => delivery.eventId));
    const unstored = chunk.filter((delivery) => !storedIds.has(delivery.eventId));
    if (unstored.length > 0) await em.insertMany<WebhookDelivery>(WebhookDeliveryEntity, unstored);
    const ids = chunk.map((delivery) => delivery.alertId!);
    // The event id follows from the alert id, so one statement marks the whole chunk as sent.
    await em
      .getConnection()
      .execute(
        `update alerts set event_id = 'evt_' || id || '_${DELIVERY_SEQUENCE}' where id in (${ids.map(() => '?').join(', ')})`,
        ids,
        'run',
        em.getTransactionContext(),
      );
    report({ stage: 'deliveries', done: i + chunk.length });
  }
  const eventIds = sending.map((alert) => alert.eventId ?? alertEventId(alert.id, DELIVERY_SEQUENCE));
  for (let i = 0; i < eventIds.length; i += 500) {
    const rows = await em.find(
      WebhookDeliveryEntity,
      { eventId: { $in: eventIds.slice(i, i + 500) }, status: 'pending' },
      { fields: ['eventId'], disableIdentityMap: true },
    );
    pending.push(...rows.map((row) => row.eventId));
  }
  return pending;
}
