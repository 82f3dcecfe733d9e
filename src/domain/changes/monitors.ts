import type { EntityManager } from '@mikro-orm/core';
import {
  alertTypesOf,
  minSeverityOf,
  routes,
  type AlertRouting,
  type NotSentReason,
} from '../webhooks/alert-routing';
import type { AlertType, Severity } from '../webhooks/events';

/*
 * Who monitors a company, and where its alerts go. Looked up from the changed companies (indexes on
 * company_number in list_companies and watchlist_entries), so the change check's cost follows the number of
 * changes, not the number of monitored companies.
 */

export interface ListHolding {
  listId: number;
  name: string;
  webhookUrl: string | null;
  alertWebhook: boolean;
  standardWebhooks: boolean;
  routing: AlertRouting;
  addedAt: Date;
}

export interface Monitor {
  accountId: string;
  companyNumber: string;
  /** The watchlist entry's own address, when the company is on the watchlist with one. */
  watchlist: {
    webhookUrl: string | null;
    standardWebhooks: boolean;
    routing: AlertRouting;
    addedAt: Date;
  } | null;
  /** The account's lists holding the company, by id. */
  lists: ListHolding[];
}

/**
 * Address rules 5 and 6: the company's own address wins over its lists'; among lists that send webhooks, the
 * oldest (lowest id) decides, so a company on several lists still gets one webhook per change.
 */
export function alertWebhookUrl(monitor: Monitor): string | null {
  return addresses(monitor)[0]?.url ?? null;
}

export type AlertAddress =
  { url: string; standardWebhooks: boolean } | { url: null; notSentReason: NotSentReason };

/**
 * Where one alert goes: the first address, in the order of address rules 5 and 6, whose routing takes it, with
 * how that address wants to be signed. Still one webhook per change; an alert that only addresses not taking it
 * could receive is not sent (`not_routed`); null when there is no address at all.
 */
export function alertAddress(
  monitor: Monitor,
  alert: { alertType: AlertType; severity: Severity },
): AlertAddress | null {
  const candidates = addresses(monitor);
  if (candidates.length === 0) return null;
  const taking = candidates.find((candidate) => routes(candidate.routing, alert));
  if (taking === undefined) return { url: null, notSentReason: 'not_routed' };
  return { url: taking.url, standardWebhooks: taking.standardWebhooks };
}

/** Every address that sends alerts for the company, the company's own first, then its lists' by id. */
function addresses(monitor: Monitor): { url: string; standardWebhooks: boolean; routing: AlertRouting }[] {
  const own = monitor.watchlist?.webhookUrl
    ? [{ ...monitor.watchlist, url: monitor.watchlist.webhookUrl }]
    : [];
  const lists = monitor.lists.flatMap((list) =>
    list.alertWebhook && list.webhookUrl ? [{ ...list, url: list.webhookUrl }] : [],
  );
  return [...own, ...lists];
}

/** From when the account has watched the company: changes detected before it started are not its alerts. */
export function monitoredSince(monitor: Monitor): Date {
  const times = [monitor.watchlist?.addedAt, ...monitor.lists.map((list) => list.addedAt)]
    .filter((time): time is Date => time !== undefined)
    .map((time) => time.getTime());
  return new Date(Math.min(...times));
}

const CHUNK = 500;

interface ListRow {
  account_id: string;
  company_number: string;
  list_id: number;
  name: string;
  webhook_url: string | null;
  alert_webhook: boolean | number;
  standard_webhooks: boolean | number;
  alert_types: string | null;
  min_severity: string | null;
  added_at: Date | number | string;
}

interface WatchRow {
  account_id: string;
  company_number: string;
  webhook_url: string | null;
  standard_webhooks: boolean | number;
  alert_types: string | null;
  min_severity: string | null;
  added_at: Date | number | string;
}

/** Every (account, company) monitoring pair for these companies, inside the caller's transaction. */
export async function findMonitors(em: EntityManager, companyNumbers: readonly string[]): Promise<Monitor[]> {
  const connection = em.getConnection();
  const context = em.getTransactionContext();
  const monitors = new Map<string, Monitor>();
  const monitorOf = (accountId: string, companyNumber: string): Monitor => {
    const key = `${accountId}\u0000${companyNumber}`;
    let monitor = monitors.get(key);
    if (!monitor) {
      monitor = { accountId, companyNumber, watchlist: null, lists: [] };
      monitors.set(key, monitor);
    }
    return monitor;
  };
  for (let i = 0; i < companyNumbers.length; i += CHUNK) {
    const chunk = companyNumbers.slice(i, i + CHUNK);
    const marks = chunk.map(() => '?').join(', ');
    const listRows: ListRow[] = await connection.execute(
      'select l.account_id, m.company_number, l.id as list_id, l.name, l.webhook_url, l.alert_webhook, ' +
        'l.standard_webhooks, l.alert_types, l.min_severity, m.added_at ' +
        `from list_companies m join lists l on l.id = m.list_id where m.company_number in (${marks}) ` +
        'order by l.id',
      chunk,
      'all',
      context,
    );
    for (const row of listRows) {
      monitorOf(row.account_id, row.company_number).lists.push({
        listId: Number(row.list_id),
        name: row.name,
        webhookUrl: row.webhook_url,
        alertWebhook: Boolean(row.alert_webhook),
        standardWebhooks: Boolean(row.standard_webhooks),
        routing: routingOf(row),
        addedAt: new Date(row.added_at),
      });
    }
    const watchRows: WatchRow[] = await connection.execute(
      'select account_id, company_number, webhook_url, standard_webhooks, alert_types, min_severity, added_at ' +
        'from watchlist_entries ' +
        `where company_number in (${marks})`,
      chunk,
      'all',
      context,
    );
    for (const row of watchRows) {
      monitorOf(row.account_id, row.company_number).watchlist = {
        webhookUrl: row.webhook_url,
        standardWebhooks: Boolean(row.standard_webhooks),
        routing: routingOf(row),
        addedAt: new Date(row.added_at),
      };
    }
  }
  return [...monitors.values()];
}

function routingOf(row: { alert_types: string | null; min_severity: string | null }): AlertRouting {
  return { alertTypes: alertTypesOf(row.alert_types), minSeverity: minSeverityOf(row.min_severity) };
}
