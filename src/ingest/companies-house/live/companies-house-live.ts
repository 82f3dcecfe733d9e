import type { Config } from '../../../config';
import { RateLimitStore } from '../../../db/rate-limit-store';
import { CompaniesHouseClient } from './companies-house-client';
import { DocumentClient } from './document-client';
import { SharedRequestBudget } from './shared-request-budget';

export interface CompaniesHouseLive {
  client: CompaniesHouseClient;
  /** The Document API (filed accounts), on the same key and the same budget. */
  documents: DocumentClient;
  close(): Promise<void>;
}

/**
 * The REST and Document API clients as the service configures them, or null without COMPANIES_HOUSE_API_KEY:
 * then nothing live happens and the store is filled only by imports, as before. The budget lives in the
 * service's own database and both clients spend it: Companies House counts requests per key.
 */
export function openCompaniesHouseLive(config: Config): CompaniesHouseLive | null {
  const settings = config.companiesHouse;
  if (settings === null) return null;
  const store = new RateLimitStore(config.database);
  const budget = new SharedRequestBudget(store, settings.apiKey);
  const client = new CompaniesHouseClient({
    apiKey: settings.apiKey,
    baseUrl: settings.apiUrl,
    budget,
    timeoutMs: settings.timeoutMs,
    notFoundTtlMs: settings.notFoundTtlMs,
  });
  const documents = new DocumentClient({
    apiKey: settings.apiKey,
    baseUrl: settings.documentApiUrl,
    budget,
    timeoutMs: settings.timeoutMs,
  });
  return { client, documents, close: () => store.close() };
}
