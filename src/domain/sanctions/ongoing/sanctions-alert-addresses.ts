import type { EntityManager } from '@mikro-orm/core';
import { knexOf } from '../../companies/register-sql';

/*
 * Who monitors each company of a batch, and where that account's sanctions.potential_match events go: the
 * webhook address of its oldest list (lowest id) that holds the company, has an address and has sanctions_alerts
 * on; null when none does (the match is recorded and nothing is sent). Watchlist entries monitor too, but have no
 * sanctions_alerts setting: a company only on the watchlist has its matches recorded, never sent.
 */

export interface SanctionsMonitor {
  accountId: string;
  companyNumber: string;
  url: string | null;
  /** The sending list's Standard Webhooks setting; optional so monitors recorded before it read as off. */
  standardWebhooks?: boolean;
}

const CHUNK = 500;

export async function sanctionsMonitors(
  em: EntityManager,
  companyNumbers: readonly string[],
): Promise<SanctionsMonitor[]> {
  const knex = knexOf(em);
  const monitors = new Map<string, SanctionsMonitor>();
  const monitorOf = (accountId: string, companyNumber: string) => {
    const key = `${accountId}\u0000${companyNumber}`;
    let monitor = monitors.get(key);
    if (monitor === undefined) {
      monitor = { accountId, companyNumber, url: null };
      monitors.set(key, monitor);
    }
    return monitor;
  };
  for (let i = 0; i < companyNumbers.length; i += CHUNK) {
    const chunk = companyNumbers.slice(i, i + CHUNK);
    const listRows = (await knex('list_companies as m')
      .join('lists as l', 'l.id', 'm.list_id')
      .whereIn('m.company_number', chunk)
      .orderBy('l.id')
      .select(
        'l.account_id',
        'm.company_number',
        'l.webhook_url',
        'l.sanctions_alerts',
        'l.standard_webhooks',
      )) as {
      account_id: string;
      company_number: string;
      webhook_url: string | null;
      sanctions_alerts: boolean | number;
      standard_webhooks: boolean | number;
    }[];
    for (const row of listRows) {
      const monitor = monitorOf(row.account_id, row.company_number);
      if (monitor.url === null && Boolean(row.sanctions_alerts) && row.webhook_url) {
        monitor.url = row.webhook_url;
        monitor.standardWebhooks = Boolean(row.standard_webhooks);
      }
    }
    const watchRows = (await knex('watchlist_entries')
      .whereIn('company_number', chunk)
      .select('account_id', 'company_number')) as { account_id: string; company_number: string }[];
    for (const row of watchRows) monitorOf(row.account_id, row.company_number);
  }
  return [...monitors.values()];
}
