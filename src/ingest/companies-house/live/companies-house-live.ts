import type { Config } from '../../../config';
import { RateLimitStore } from '../../../db/rate-limit-store';
import { CompaniesHouseClient } from './companies-house-client';
import { SharedRequestBudget } from './shared-request-budget';

export interface CompaniesHouseLive {
  client: CompaniesHouseClient;
  close(): Promise<void>;
}

/**
 * The REST client as the service configures it, or null without COMPANIES_HOUSE_API_KEY: then nothing live
 * happens and the store is filled only by imports, as before. The budget lives in the service's own database.
 */
export function openCompaniesHouseLive(config: Config): CompaniesHouseLive | null {
  const settings = config.companiesHouse;
  if (settings === null) return null;
  const store = new RateLimitStore(config.database);
  const client = new CompaniesHouseClient({
    apiKey: settings.apiKey,
    baseUrl: settings.apiUrl,
    budget: new SharedRequestBudget(store, settings.apiKey),
    timeoutMs: settings.timeoutMs,
    notFoundTtlMs: settings.notFoundTtlMs,
  });
  return { client, close: () => store.close() };
}
