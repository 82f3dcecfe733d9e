import type { Config } from '../../../config';
import { CompanyEntity } from '../../../db/entities/company';
import type { Orm } from '../../../db/orm';
import { detailResources, heldDetailResources } from '../../../domain/companies/company-details-held';
import { lastCompanyFetch } from '../../../domain/companies/company-provenance';
import type { Logger } from '../../../logger';
import { companiesHouseServiceError } from './companies-house-service-error';
import { CompaniesHouseError } from './companies-house-errors';
import { openCompaniesHouseLive } from './companies-house-live';
import { fetchCompanyLive, type CompanyFetchOutcome, type CompanyResourceSource } from './company-fetch';

/*
 * Companies on demand: before a per-company operation answers, a company the store does not hold is fetched from
 * Companies House on the caller's time (there is nothing else to answer with), and one held too long is refreshed
 * in the background while the caller is answered from the store at once. A held company whose details the store
 * does not hold (it came from the companies stream or the bulk register file, which carry the profile alone) is
 * fetched on the caller's time as well, the same fetch as for a company not held: otherwise its officers would
 * answer as "none" until a refresh came. A process runs at most one fetch per
 * company at a time: a caller asking for a company whose first fetch is under way waits for that fetch rather than
 * starting another, and a refresh is not started twice.
 */

/**
 * A fetch that left a detail resource out is tried again after this long at most (sooner than a whole one, so a
 * Companies House hiccup does not leave a company without officers for a day; not at once, so a resource whose
 * body the importer always refuses does not spend the shared budget on every call).
 */
export const INCOMPLETE_FETCH_RETRY_MS = 5 * 60_000;

/** What ensureCurrent did: nothing (`fresh`), a fetch on the caller's time, or a refresh left running. */
export type LiveCompanyState = 'fresh' | 'fetched' | 'not_found' | 'refreshing' | 'details_unavailable';

export interface LiveCompaniesOptions {
  orm: Orm;
  source: CompanyResourceSource;
  refreshAfterMs: number;
  clock: () => Date;
  logger: Logger;
  /** Releases what the source holds (the REST client's budget store). */
  close?: () => Promise<void>;
}

export class LiveCompanies {
  /** Fetches under way, by company; `first` when the store did not hold the company as it began. */
  private readonly running = new Map<string, { fetch: Promise<CompanyFetchOutcome>; first: boolean }>();
  private closed = false;

  constructor(private readonly options: LiveCompaniesOptions) {}

  /**
   * Makes the store ready to answer for `companyNumber` (canonical form). Throws the service's `unavailable` or
   * `rate_limited` when a company the store does not hold cannot be fetched; a company Companies House does not
   * know is `not_found` here and the operation answers as it does for any company the store does not hold.
   */
  async ensureCurrent(companyNumber: string): Promise<LiveCompanyState> {
    // A first fetch under way has written the profile but perhaps not yet the resource this caller reads.
    const due = this.running.get(companyNumber)?.first ? 'absent' : await this.refreshDue(companyNumber);
    if (due === 'fresh') return 'fresh';
    if (due === 'stale') {
      this.refreshInBackground(companyNumber);
      return 'refreshing';
    }
    try {
      const outcome = await this.fetch(companyNumber, true);
      return outcome.status === 'not_found' ? 'not_found' : 'fetched';
    } catch (error) {
      if (!(error instanceof CompaniesHouseError)) throw error;
      this.options.logger.warn(
        { company_number: companyNumber, kind: error.kind, err: error },
        'fetching a company from Companies House failed',
      );
      // The profile is held: the operation answers from it, and a detail it reads is `details_not_held`.
      if (due === 'details_missing') return 'details_unavailable';
      throw companiesHouseServiceError(error);
    }
  }

  /** Resolves once no fetch is running (tests; shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()].map((r) => r.fetch));
  }

  /** Starts no more refreshes, lets the running fetches finish, then releases the source. */
  async close(): Promise<void> {
    this.closed = true;
    await this.idle();
    await this.options.close?.();
  }

  private async refreshDue(companyNumber: string): Promise<'absent' | 'details_missing' | 'fresh' | 'stale'> {
    const em = this.options.orm.em.fork();
    const company = await em.findOne(
      CompanyEntity,
      { companyNumber },
      { fields: ['companyNumber', 'updatedAt'], disableIdentityMap: true },
    );
    if (company === null) return 'absent';
    const fetch = await lastCompanyFetch(em, companyNumber);
    const { refreshAfterMs } = this.options;
    const now = this.options.clock().getTime();
    if ((await heldDetailResources(em, companyNumber)).size < detailResources.length) {
      // A REST fetch that just left a resource out is not tried again at once, on every call: as for any
      // incomplete fetch, after INCOMPLETE_FETCH_RETRY_MS.
      const triedLately =
        fetch?.source === 'companies_house_api' &&
        now - fetch.fetchedAt.getTime() <= INCOMPLETE_FETCH_RETRY_MS;
      if (!triedLately) return 'details_missing';
    }
    // Never fetched: the row's own age (an import, the simulator) stands for it.
    const since = fetch?.fetchedAt ?? company.updatedAt;
    const maxAge =
      fetch === null || fetch.complete ? refreshAfterMs : Math.min(refreshAfterMs, INCOMPLETE_FETCH_RETRY_MS);
    return now - since.getTime() > maxAge ? 'stale' : 'fresh';
  }

  private refreshInBackground(companyNumber: string): void {
    if (this.closed || this.running.has(companyNumber)) return;
    this.fetch(companyNumber, false).catch((error: unknown) =>
      this.options.logger.warn(
        { company_number: companyNumber, err: error },
        'refreshing a company from Companies House failed; the store keeps what it held',
      ),
    );
  }

  /** The fetch of this company already running, or a new one. */
  private fetch(companyNumber: string, first: boolean): Promise<CompanyFetchOutcome> {
    const running = this.running.get(companyNumber);
    if (running !== undefined) return running.fetch;
    const fetch = fetchCompanyLive(this.options.orm.em.fork(), this.options.source, companyNumber, {
      detectedAt: this.options.clock(),
      source: 'companies_house_api',
    })
      .then((outcome) => {
        this.report(outcome);
        return outcome;
      })
      .finally(() => this.running.delete(companyNumber));
    this.running.set(companyNumber, { fetch, first });
    return fetch;
  }

  private report(outcome: CompanyFetchOutcome): void {
    const { logger } = this.options;
    if (outcome.status === 'not_found') {
      logger.info({ company_number: outcome.companyNumber }, 'Companies House holds no such company');
      return;
    }
    const failed = outcome.resources.filter((r) => r.status !== 'imported');
    const fields = {
      company_number: outcome.companyNumber,
      profile: outcome.profile.status,
      changes:
        (outcome.profile.status === 'updated' ? outcome.profile.changes : 0) +
        outcome.resources.reduce((sum, r) => sum + (r.status === 'imported' ? r.changes : 0), 0),
    };
    if (failed.length === 0) logger.info(fields, 'company fetched from Companies House');
    else logger.warn({ ...fields, failed }, 'company fetched from Companies House without some resources');
  }
}

/**
 * The on-demand fetch as the service configures it, or undefined without COMPANIES_HOUSE_API_KEY: then no
 * operation reaches Companies House and the store answers alone, as before.
 */
export function openLiveCompanies(
  config: Config,
  deps: { orm: Orm; clock: () => Date; logger: Logger },
): LiveCompanies | undefined {
  const live = openCompaniesHouseLive(config);
  if (live === null || config.companiesHouse === null) return undefined;
  return new LiveCompanies({
    ...deps,
    source: live.client,
    refreshAfterMs: config.companiesHouse.refreshAfterMs,
    close: () => live.close(),
  });
}
