import type { Client } from '@temporalio/client';
import type { Config } from './config';
import type { Orm } from './db/orm';
import type { Quotas } from './domain/accounts/quota';
import type { LiveCompanies } from './ingest/companies-house/live/live-companies';
import type { Logger } from './logger';

/** The long-lived things an API process holds; built once at start-up (see server.ts). */
export interface Services {
  config: Config;
  orm: Orm;
  temporal: Client;
  logger: Logger;
  clock: () => Date;
  quotas: Quotas;
  /**
   * Companies fetched from Companies House when an operation asks for one the store does not hold, and refreshed
   * when held too long (operations/invoke.ts). Absent without COMPANIES_HOUSE_API_KEY: the store answers alone.
   */
  liveCompanies?: LiveCompanies;
}
