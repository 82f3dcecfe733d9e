import { CompaniesHouseError } from './companies-house-errors';
import { basicAuthorization, trimBaseUrl, withDefaults } from './client-settings';
import { companyResourceSpecs, totalItems, type CompanyResourceName } from './companies-house-resources';
import { NotFoundMemory } from './not-found-memory';
import { RequestAttempts, type AttemptAnswer, type RequestAttemptsOptions } from './request-attempts';

/*
 * Companies House's public data API (REST), one resource at a time, with the rules Companies House asks
 * clients to follow: HTTP basic auth with the key as user name and an empty password; at most 600 requests in
 * five minutes per key, counted for every process of the service (RequestBudget); a 429 waited out as told;
 * 5xx, timeouts and network errors retried with backoff a bounded number of times (RequestAttempts). A 404 is
 * "no such company" (or no such resource): a result, remembered briefly so a repeated miss does not spend the
 * budget.
 *
 * Bodies come back as Companies House sent them (paged lists merged into one body with every item): the caller
 * hands them to the importer of that resource, the same one the files go through.
 */

export type JsonObject = Record<string, unknown>;

export type FetchResult = { status: 'found'; body: JsonObject } | { status: 'not_found' };

export interface CompaniesHouseClientOptions extends RequestAttemptsOptions {
  apiKey: string;
  /** https://api.company-information.service.gov.uk, or a stand-in. */
  baseUrl: string;
  /** Per request, body included. */
  timeoutMs?: number;
  notFoundTtlMs?: number;
  /** Companies House serves at most 100 items a page. */
  itemsPerPage?: number;
  /** A paged list longer than this many pages is refused as a server that never ends. */
  maxPages?: number;
  fetch?: typeof fetch;
}

const defaults = {
  timeoutMs: 10_000,
  notFoundTtlMs: 5 * 60_000,
  itemsPerPage: 100,
  maxPages: 200,
};

type Settings = typeof defaults;

export class CompaniesHouseClient {
  private readonly settings: Settings;
  private readonly authorization: string;
  private readonly baseUrl: string;
  private readonly notFound: NotFoundMemory;
  private readonly attempts: RequestAttempts;
  private readonly fetch: typeof fetch;

  constructor(options: CompaniesHouseClientOptions) {
    this.settings = withDefaults(defaults, options);
    this.authorization = basicAuthorization(options.apiKey);
    this.baseUrl = trimBaseUrl(options.baseUrl);
    this.fetch = options.fetch ?? fetch;
    this.attempts = new RequestAttempts(options);
    this.notFound = new NotFoundMemory(this.settings.notFoundTtlMs, options.now ?? Date.now);
  }

  company(companyNumber: string): Promise<FetchResult> {
    return this.resource('company', companyNumber);
  }
  officers(companyNumber: string): Promise<FetchResult> {
    return this.resource('officers', companyNumber);
  }
  personsWithSignificantControl(companyNumber: string): Promise<FetchResult> {
    return this.resource('persons-with-significant-control', companyNumber);
  }
  pscStatements(companyNumber: string): Promise<FetchResult> {
    return this.resource('persons-with-significant-control-statements', companyNumber);
  }
  filingHistory(companyNumber: string): Promise<FetchResult> {
    return this.resource('filing-history', companyNumber);
  }
  charges(companyNumber: string): Promise<FetchResult> {
    return this.resource('charges', companyNumber);
  }
  insolvency(companyNumber: string): Promise<FetchResult> {
    return this.resource('insolvency', companyNumber);
  }
  exemptions(companyNumber: string): Promise<FetchResult> {
    return this.resource('exemptions', companyNumber);
  }

  /**
   * A disqualified officer's resource (GET /disqualified-officers/{natural|corporate}/{officer_id}), for
   * importDisqualifiedOfficerJson. `not_found` when Companies House holds no such officer of that kind.
   */
  async disqualifiedOfficer(kind: 'natural' | 'corporate', officerId: string): Promise<FetchResult> {
    const path = `/disqualified-officers/${kind}/${encodeURIComponent(officerId)}`;
    if (this.notFound.has(path)) return { status: 'not_found' };
    const result = await this.getJson(path);
    if (result.status === 'not_found') this.notFound.remember(path);
    return result;
  }

  /**
   * One resource of one company; a paged list comes back whole. `not_found` when Companies House holds no such
   * company (or, for charges and insolvency, nothing of that kind for it), and for a while after such an answer
   * without asking again.
   */
  async resource(name: CompanyResourceName, companyNumber: string): Promise<FetchResult> {
    const spec = companyResourceSpecs[name];
    const companyPath = companyResourceSpecs.company.path(companyNumber);
    const path = spec.path(companyNumber);
    // A company known not to exist has none of its resources either.
    if (this.notFound.has(companyPath) || this.notFound.has(path)) return { status: 'not_found' };
    const result = spec.paged ? await this.allPages(path) : await this.getJson(path);
    if (result.status === 'not_found') this.notFound.remember(path);
    return result;
  }

  private async allPages(path: string): Promise<FetchResult> {
    const size = this.settings.itemsPerPage;
    const first = await this.getJson(path, { items_per_page: size, start_index: 0 });
    if (first.status === 'not_found') return first;
    const items = itemsOf(first.body, path);
    const total = totalItems(first.body);
    let lastPageLength = items.length;
    for (let pages = 1; total !== undefined ? items.length < total : lastPageLength >= size; pages++) {
      if (pages >= this.settings.maxPages)
        throw new CompaniesHouseError(
          'bad_response',
          `${path}: still more after ${pages} pages (${items.length} items${total === undefined ? '' : ` of ${total}`}): refused as a list that never ends`,
          { path },
        );
      const page = await this.getJson(path, { items_per_page: size, start_index: items.length });
      if (page.status === 'not_found')
        throw new CompaniesHouseError('bad_response', `${path}: 404 at start_index ${items.length}`, {
          path,
        });
      const more = itemsOf(page.body, path);
      // Fewer items than total_results said: the list is what the server has; the importer judges it.
      if (more.length === 0) break;
      items.push(...more);
      lastPageLength = more.length;
    }
    return { status: 'found', body: { ...first.body, items } };
  }

  /** One GET, under RequestAttempts' rules. */
  private getJson(path: string, query: Record<string, number> = {}): Promise<FetchResult> {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
    return this.attempts.run(
      path,
      this.settings.timeoutMs,
      async (signal): Promise<AttemptAnswer<FetchResult>> => {
        const response = await this.fetch(url, {
          headers: { authorization: this.authorization, accept: 'application/json' },
          signal,
        });
        // The body is read under the same timeout: a server that sends headers and then stalls is a timeout.
        const text = await response.text();
        if (response.status === 200) return { result: { status: 'found', body: parseObject(text, path) } };
        if (response.status === 404) return { result: { status: 'not_found' } };
        return { status: response.status, headers: response.headers, from: path };
      },
    );
  }
}

function parseObject(text: string, path: string): JsonObject {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new CompaniesHouseError('bad_response', `${path}: not JSON`, { path, status: 200 });
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new CompaniesHouseError('bad_response', `${path}: not a JSON object`, { path, status: 200 });
  return body as JsonObject;
}

function itemsOf(body: JsonObject, path: string): unknown[] {
  // An empty list may leave `items` out altogether.
  if (body.items === undefined) return [];
  if (!Array.isArray(body.items))
    throw new CompaniesHouseError('bad_response', `${path}: items is not a list`, { path, status: 200 });
  return [...(body.items as unknown[])];
}
