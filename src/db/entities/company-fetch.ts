import { EntitySchema } from '@mikro-orm/core';

/** Where a live copy of a company came from: Companies House's REST API, or its Streaming API. */
export const companyFetchSources = ['companies_house_api', 'companies_house_stream'] as const;
export type CompanyFetchSource = (typeof companyFetchSources)[number];

/**
 * The last time a company was fetched live from Companies House, one row a company: what get_company reports as
 * `source` and `fetched_at`, and what tells a held company that is due a refresh from one that is not.
 * `complete` is false when the profile went in but a detail resource did not (Companies House failed on it, or
 * sent a body the importer refused): such a company is fetched again sooner than a whole one.
 */
export interface CompanyFetch {
  companyNumber: string;
  source: CompanyFetchSource;
  fetchedAt: Date;
  complete: boolean;
}

export const CompanyFetchEntity = new EntitySchema<CompanyFetch>({
  name: 'CompanyFetch',
  tableName: 'company_fetches',
  properties: {
    companyNumber: { type: 'string', primary: true, fieldName: 'company_number' },
    source: { type: 'string' },
    fetchedAt: { type: 'datetime', fieldName: 'fetched_at' },
    complete: { type: 'boolean' },
  },
});
