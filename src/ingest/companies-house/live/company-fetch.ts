import type { EntityManager } from '@mikro-orm/core';
import { recordCompanyFetch } from '../../../domain/companies/company-provenance';
import { ServiceError } from '../../../domain/errors';
import type { ResourceImportContext, ResourceImportOutcome } from '../../writers/company-resource-import';
import { importChargesJson } from '../resources/charges-json';
import {
  importCompanyProfileJson,
  type CompanyProfileImportOutcome,
} from '../resources/company-profile-json';
import { importExemptionsJson } from '../resources/exemptions-json';
import { importFilingHistoryJson } from '../resources/filing-history-json';
import { importInsolvencyJson } from '../resources/insolvency-json';
import { importOfficersJson } from '../resources/officers-json';
import { importPscsJson } from '../resources/pscs-json';
import type { FetchResult, JsonObject } from './companies-house-client';
import { CompaniesHouseError, type CompaniesHouseErrorKind } from './companies-house-errors';
import type { CompanyResourceName } from './companies-house-resources';

/*
 * One company fetched live from Companies House into the store: the profile first (404: no such company, nothing
 * written), then each detail resource through the importer the files go through, all under one
 * ResourceImportContext. One detectedAt for the whole fetch makes a first fetch the baseline of every resource
 * (no alerts for what a company was before anyone watched it); a refresh of a held company records its changes
 * under the context's source. Resources go one after another, not at once: every request spends the per-key
 * budget that all processes share, and a Companies House that fails on one resource is not asked for the rest.
 */

/** What the fetch needs of the REST client (CompaniesHouseClient), so a test can hand it bodies directly. */
export interface CompanyResourceSource {
  resource(name: CompanyResourceName, companyNumber: string): Promise<FetchResult>;
}

export type DetailResourceName = Exclude<CompanyResourceName, 'company'>;

export type DetailFetchOutcome =
  | {
      resource: DetailResourceName;
      status: 'imported';
      /** Companies House answered 404 (it holds none for the company) and the empty list was imported. */
      none: boolean;
      baseline: boolean;
      changes: number;
    }
  /** Companies House failed on it, or sent a body the importer refused: the store keeps what it held. */
  | { resource: DetailResourceName; status: 'failed'; code: string; message: string }
  /** Not asked for: Companies House failed in a way that would fail it too (out of reach, rate limited, key refused). */
  | { resource: DetailResourceName; status: 'skipped'; reason: string };

export type CompanyFetchOutcome =
  | { status: 'not_found'; companyNumber: string }
  | {
      status: 'fetched';
      companyNumber: string;
      fetchedAt: Date;
      profile: CompanyProfileImportOutcome;
      resources: DetailFetchOutcome[];
      /** Every detail resource went in. */
      complete: boolean;
    };

type DetailImporter = (
  em: EntityManager,
  companyNumber: string,
  json: unknown,
  context: ResourceImportContext,
) => Promise<ResourceImportOutcome>;

/*
 * The detail resources in the order the company details folder import uses (filing history before charges), each
 * with the body that stands for "none". Companies House answers 404 for a resource a company has none of (charges,
 * insolvency; PSC lists of a company without them): importing the empty list records that Companies House was
 * asked and holds none, so the resource counts as imported (health-score confidence, KYB's PSC check) and a later
 * item is a change, not a baseline. The bodies are the resources' own list shapes with no items.
 */
const detailResources: readonly { name: DetailResourceName; importer: DetailImporter; none: JsonObject }[] = [
  {
    name: 'officers',
    importer: importOfficersJson,
    none: { kind: 'officer-list', items: [], total_results: 0 },
  },
  {
    name: 'persons-with-significant-control',
    importer: importPscsJson,
    none: { kind: 'persons-with-significant-control#list', items: [], total_results: 0 },
  },
  {
    name: 'persons-with-significant-control-statements',
    importer: importPscsJson,
    none: { kind: 'persons-with-significant-control-statement#list', items: [], total_results: 0 },
  },
  { name: 'filing-history', importer: importFilingHistoryJson, none: { items: [], total_count: 0 } },
  { name: 'charges', importer: importChargesJson, none: { items: [], total_count: 0 } },
  { name: 'insolvency', importer: importInsolvencyJson, none: { cases: [] } },
  // A listed company's exemption from the PSC regime: what its empty PSC register means (docs/ownership.md).
  { name: 'exemptions', importer: importExemptionsJson, none: { kind: 'exemptions', exemptions: {} } },
];

/** Failures after which asking Companies House for the next resource would only fail the same way. */
const failuresThatStopTheFetch: ReadonlySet<CompaniesHouseErrorKind> = new Set([
  'unavailable',
  'rate_limited',
  'unauthorized',
]);

/**
 * Fetches `companyNumber` (canonical form) and writes it to the store. Throws CompaniesHouseError when the profile
 * cannot be had (a profile body the importer refuses is `bad_response`: Companies House's fault, not the
 * caller's); a detail resource that fails is reported in the outcome and the others still go in. Records the
 * fetch (source, time, whether complete) for get_company and for the refresh rule.
 */
export async function fetchCompanyLive(
  em: EntityManager,
  source: CompanyResourceSource,
  companyNumber: string,
  context: ResourceImportContext,
): Promise<CompanyFetchOutcome> {
  const found = await source.resource('company', companyNumber);
  if (found.status === 'not_found') return { status: 'not_found', companyNumber };
  const profile = await importProfile(em.fork(), companyNumber, found.body, context);

  const resources: DetailFetchOutcome[] = [];
  let stoppedBy: string | null = null;
  for (const { name, importer, none } of detailResources) {
    if (stoppedBy !== null) {
      resources.push({ resource: name, status: 'skipped', reason: stoppedBy });
      continue;
    }
    try {
      const result = await source.resource(name, companyNumber);
      const body = result.status === 'found' ? result.body : none;
      const outcome = await importer(em.fork(), companyNumber, body, context);
      resources.push(
        outcome.status === 'imported'
          ? {
              resource: name,
              status: 'imported',
              none: result.status === 'not_found',
              baseline: outcome.baseline,
              changes: outcome.changes,
            }
          : // The profile went in just before: only a concurrent delete of the company gets here.
            {
              resource: name,
              status: 'failed',
              code: 'unknown_company',
              message: `${companyNumber} is not held`,
            },
      );
    } catch (error) {
      if (error instanceof ServiceError) {
        resources.push({ resource: name, status: 'failed', code: error.code, message: error.message });
      } else if (error instanceof CompaniesHouseError) {
        resources.push({ resource: name, status: 'failed', code: error.kind, message: error.message });
        if (failuresThatStopTheFetch.has(error.kind))
          stoppedBy = `Companies House failed on ${name} (${error.kind})`;
      } else throw error;
    }
  }

  const complete = resources.every((r) => r.status === 'imported');
  await recordCompanyFetch(em.fork(), {
    companyNumber,
    source: 'companies_house_api',
    fetchedAt: context.detectedAt,
    complete,
  });
  return { status: 'fetched', companyNumber, fetchedAt: context.detectedAt, profile, resources, complete };
}

async function importProfile(
  em: EntityManager,
  companyNumber: string,
  body: JsonObject,
  context: ResourceImportContext,
): Promise<CompanyProfileImportOutcome> {
  try {
    return await importCompanyProfileJson(em, companyNumber, body, context);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    throw new CompaniesHouseError(
      'bad_response',
      `/company/${companyNumber}: a company profile the importer refused: ${error.message}`,
      { path: `/company/${companyNumber}`, status: 200 },
    );
  }
}
