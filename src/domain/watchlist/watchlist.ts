import type { EntityManager } from '@mikro-orm/core';
import { CompanyEntity, type Company } from '../../db/entities/company';
import { WatchlistEntryEntity, type WatchlistEntry } from '../../db/entities/watchlist-entry';
import { isUniqueViolation } from '../../db/unique-violation';
import { notFound } from '../errors';
import { storedAlertTypes } from '../webhooks/alert-routing';
import type { AlertType, Severity } from '../webhooks/events';

export interface WatchlistChange {
  accountId: string;
  companyNumber: string;
  /** A string sets the company's own address, null clears it, undefined keeps what an earlier add set. */
  webhookUrl?: string | null;
  /** Standard Webhooks headers on deliveries to the entry's address; undefined keeps what an earlier add set. */
  standardWebhooks?: boolean;
  /** Routing of the entry's address; undefined keeps what an earlier add set, empty or null is all. */
  alertTypes?: readonly AlertType[] | null;
  minSeverity?: Severity | null;
}

/**
 * POST /watchlist: adds the company, or updates its entry when it is there already (added_at stays the first
 * add's). The company must be on the register: monitoring a number that names nothing would never alert.
 */
export async function addToWatchlist(
  em: EntityManager,
  change: WatchlistChange,
  now: Date,
): Promise<{ item: WatchlistItem; created: boolean }> {
  const company = await em.findOne(
    CompanyEntity,
    { companyNumber: change.companyNumber },
    { fields: ['companyNumber', 'companyName', 'companyStatus'] },
  );
  if (!company) throw notFound('Company', { company_number: change.companyNumber });
  // Twice at most: a concurrent first add of the same company turns this one into an update.
  for (let attempt = 0; ; attempt++) {
    const existing = await em.findOne(WatchlistEntryEntity, {
      accountId: change.accountId,
      companyNumber: change.companyNumber,
    });
    if (existing) {
      if (change.webhookUrl !== undefined) existing.webhookUrl = change.webhookUrl;
      if (change.standardWebhooks !== undefined) existing.standardWebhooks = change.standardWebhooks;
      if (change.alertTypes !== undefined) existing.alertTypes = storedAlertTypes(change.alertTypes);
      if (change.minSeverity !== undefined) existing.minSeverity = change.minSeverity;
      existing.updatedAt = now;
      await em.flush();
      return { item: { entry: existing, ...named(company) }, created: false };
    }
    const entry: WatchlistEntry = {
      accountId: change.accountId,
      companyNumber: change.companyNumber,
      webhookUrl: change.webhookUrl ?? null,
      standardWebhooks: change.standardWebhooks ?? false,
      alertTypes: storedAlertTypes(change.alertTypes),
      minSeverity: change.minSeverity ?? null,
      addedAt: now,
      updatedAt: now,
    };
    try {
      await em.insert(WatchlistEntryEntity, entry);
      return { item: { entry, ...named(company) }, created: true };
    } catch (error) {
      if (!isUniqueViolation(error) || attempt > 0) throw error;
    }
  }
}

export interface WatchlistItem {
  entry: WatchlistEntry;
  companyName: string | null;
  companyStatus: string | null;
}

/** Newest first; the company number breaks ties so pages never overlap. */
export async function watchlistPage(
  em: EntityManager,
  accountId: string,
  page: { limit: number; offset: number },
): Promise<{ items: WatchlistItem[]; total: number }> {
  const [entries, total] = await em.findAndCount(
    WatchlistEntryEntity,
    { accountId },
    { orderBy: { addedAt: 'desc', companyNumber: 'asc' }, limit: page.limit, offset: page.offset },
  );
  const companies = await em.find(
    CompanyEntity,
    { companyNumber: { $in: entries.map((e) => e.companyNumber) } },
    { fields: ['companyNumber', 'companyName', 'companyStatus'] },
  );
  const byNumber = new Map(companies.map((c) => [c.companyNumber, c]));
  return {
    total,
    items: entries.map((entry) => ({
      entry,
      ...named(byNumber.get(entry.companyNumber)),
    })),
  };
}

export async function removeFromWatchlist(
  em: EntityManager,
  accountId: string,
  companyNumber: string,
): Promise<void> {
  const deleted = await em.nativeDelete(WatchlistEntryEntity, { accountId, companyNumber });
  if (deleted === 0) throw notFound('Company on the watchlist', { company_number: companyNumber });
}

function named(company: Pick<Company, 'companyName' | 'companyStatus'> | undefined) {
  return { companyName: company?.companyName ?? null, companyStatus: company?.companyStatus ?? null };
}
