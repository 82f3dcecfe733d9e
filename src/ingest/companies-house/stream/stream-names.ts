/*
 * The Companies House Streaming API streams this service consumes, by the name used in config, in workflow ids
 * (`companies-house-stream/<name>`) and on the CLI, with the path Companies House serves each under
 * (https://stream.companieshouse.gov.uk/<path>). Company exemptions are a stream too, but the store does not hold
 * them.
 */
export const companiesHouseStreams = {
  companies: { path: '/companies' },
  filings: { path: '/filings' },
  officers: { path: '/officers' },
  'persons-with-significant-control': { path: '/persons-with-significant-control' },
  charges: { path: '/charges' },
  'insolvency-cases': { path: '/insolvency-cases' },
  'disqualified-officers': { path: '/disqualified-officers' },
} as const;

export type CompaniesHouseStreamName = keyof typeof companiesHouseStreams;

export const companiesHouseStreamNames = Object.keys(companiesHouseStreams) as CompaniesHouseStreamName[];

export function isCompaniesHouseStreamName(name: string): name is CompaniesHouseStreamName {
  return Object.hasOwn(companiesHouseStreams, name);
}
