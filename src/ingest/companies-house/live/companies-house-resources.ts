/*
 * The Companies House public data API resources the client fetches, as Companies House names them
 * (developer-specs.company-information.service.gov.uk). Each body goes, unchanged, to the importer of that
 * resource (src/ingest/companies-house/resources/*-json.ts).
 */

export const companyResources = [
  'company',
  'officers',
  'persons-with-significant-control',
  'persons-with-significant-control-statements',
  'filing-history',
  'charges',
  'insolvency',
  'exemptions',
] as const;

export type CompanyResourceName = (typeof companyResources)[number];

export interface CompanyResourceSpec {
  /** Path under the API's base URL for a company number. */
  path(companyNumber: string): string;
  /** Paged lists take `items_per_page` and `start_index` and say how many items there are in all. */
  paged: boolean;
}

const companyPath = (n: string) => `/company/${encodeURIComponent(n)}`;

export const companyResourceSpecs: Record<CompanyResourceName, CompanyResourceSpec> = {
  company: { path: companyPath, paged: false },
  officers: { path: (n) => `${companyPath(n)}/officers`, paged: true },
  'persons-with-significant-control': {
    path: (n) => `${companyPath(n)}/persons-with-significant-control`,
    paged: true,
  },
  'persons-with-significant-control-statements': {
    path: (n) => `${companyPath(n)}/persons-with-significant-control-statements`,
    paged: true,
  },
  'filing-history': { path: (n) => `${companyPath(n)}/filing-history`, paged: true },
  charges: { path: (n) => `${companyPath(n)}/charges`, paged: true },
  insolvency: { path: (n) => `${companyPath(n)}/insolvency`, paged: false },
  exemptions: { path: (n) => `${companyPath(n)}/exemptions`, paged: false },
};

/**
 * How many items a paged list holds in all: officer and PSC lists say `total_results`, filing history and
 * charges say `total_count`. Undefined when the body says neither.
 */
export function totalItems(body: Record<string, unknown>): number | undefined {
  for (const field of ['total_results', 'total_count'] as const) {
    const value = body[field];
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  }
  return undefined;
}
