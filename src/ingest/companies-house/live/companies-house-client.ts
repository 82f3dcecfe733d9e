import { CompaniesHouseError } from './companies-house-errors';
import { companyResourceSpecs, totalItems, type CompanyResourceName } from './companies-house-resources';
import { NotFoundMemory } from './not-found-memory';
import { backoffDelay, isRetryableStatus, retryAfterMs } from './retry-policy';
import type { RequestBudget } from './shared-request-budget';

/*
 * Companies House's public data API (REST), one resource at a time, with the rules Companies House asks
 * clients to follow: HTTP basic auth with the key as user name and an empty password; at most 600 requests in
 * five minutes per key, counted for every process of the service (RequestBudget); a 429 waited out as told;
 * 5xx, timeouts and network errors retried with backoff a bounded number of times. A 404 is "no such company"
 * (or no such resource): a result, remembered briefly so a repeated miss does not spend the budget.
 *
 * Bodies come back as Companies House sent them (paged lists merged into one body with every item): the caller
 * hands them to the importer of that resource, the same one the files go through.
 */

export type JsonObject = Record<string, unknown>;

export type FetchResult = { status: 'found'; body: JsonObject } | { status: 'not_found' };

export interface CompaniesHouseClientOptions {
  apiKey: string;
  /** https://api.company-information.service.gov.uk, or a stand-in. */
  baseUrl: string;
  budget: RequestBudget;
  /** Per request, body included. */
  timeoutMs?: number;
  /** Attempts per request, the first included, across 429s, 5xx and timeouts. */
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** The longest the client sleeps for the budget or a 429 before giving up with `rate_limited`. */
  maxWaitMs?: number;
  /** The wait after a 429 that says neither Retry-After nor X-Ratelimit-Reset. */
  rateLimitedFallbackMs?: number;
  notFoundTtlMs?: number;
  /** Companies House serves at most 100 items a page. */
  itemsPerPage?: number;
  /** A paged list longer than this many pages is refused as a server that never ends. */
  maxPages?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  random?: () => number;
}

const defaults = {
  timeoutMs: 10_000,
  maxAttempts: 5,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxWaitMs: 60_000,
  rateLimitedFallbackMs: 60_000,
  notFoundTtlMs: 5 * 60_000,
  itemsPerPage: 100,
  maxPages: 200,
};

type Settings = typeof defaults;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class CompaniesHouseClient {
  private readonly settings: Settings;
  private readonly authorization: string;
  private readonly baseUrl: string;
  private readonly notFound: NotFoundMemory;
  private readonly fetch: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;
  private readonly random: () => number;

  constructor(private readonly options: CompaniesHouseClientOptions) {
    this.settings = { ...defaults };
    for (const key of Object.keys(defaults) as (keyof Settings)[]) {
      const value = options[key];
      if (value !== undefined) this.settings[key] = value;
    }
    this.authorization = `Basic ${Buffer.from(`${options.apiKey}:`).toString('base64')}`;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetch = options.fetch ?? fetch;
    this.sleep = options.sleep ?? realSleep;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.notFound = new NotFoundMemory(this.settings.notFoundTtlMs, this.now);
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

  /** One GET, with the budget taken before every attempt and the retry rules above. */
  private async getJson(path: string, query: Record<string, number> = {}): Promise<FetchResult> {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
    const { maxAttempts } = this.settings;
    let lastProblem = '';
    let lastWasRateLimit = false;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      await this.takeBudget(path);
      let response: Answer;
      try {
        response = await this.fetchWithTimeout(url);
      } catch (error) {
        lastProblem = (error as Error).message;
        lastWasRateLimit = false;
        if (attempt < maxAttempts) await this.sleep(this.backoff(attempt));
        continue;
      }
      const { status } = response;
      if (status === 200) return { status: 'found', body: parseObject(response.text, path) };
      if (status === 404) return { status: 'not_found' };
      if (status === 401)
        throw new CompaniesHouseError(
          'unauthorized',
          `${path}: 401 from Companies House: check COMPANIES_HOUSE_API_KEY (a REST API key, not a stream key)`,
          { path, status },
        );
      if (status === 429) {
        lastWasRateLimit = true;
        lastProblem = '429 Too Many Requests';
        const wait = retryAfterMs(response.headers, this.now(), this.settings.rateLimitedFallbackMs);
        if (wait > this.settings.maxWaitMs)
          throw new CompaniesHouseError('rate_limited', `${path}: Companies House asks to wait ${wait} ms`, {
            path,
            status,
            retryAfterMs: wait,
          });
        if (attempt < maxAttempts) await this.sleep(wait);
        continue;
      }
      if (isRetryableStatus(status)) {
        lastWasRateLimit = false;
        lastProblem = `HTTP ${status}`;
        if (attempt < maxAttempts) await this.sleep(this.backoff(attempt));
        continue;
      }
      throw new CompaniesHouseError('refused', `${path}: HTTP ${status} from Companies House`, {
        path,
        status,
      });
    }
    throw new CompaniesHouseError(
      lastWasRateLimit ? 'rate_limited' : 'unavailable',
      `${path}: no answer after ${maxAttempts} attempts (last: ${lastProblem})`,
      { path, attempts: maxAttempts },
    );
  }

  /** Waits for the shared budget while the wait is short; a long one is the caller's to decide. */
  private async takeBudget(path: string): Promise<void> {
    const deadline = this.now() + this.settings.maxWaitMs;
    for (;;) {
      const decision = await this.options.budget.take();
      if (decision.granted) return;
      if (this.now() + decision.waitMs > deadline)
        throw new CompaniesHouseError(
          'rate_limited',
          `${path}: the Companies House budget of this key is spent for ${decision.waitMs} ms more`,
          { path, retryAfterMs: decision.waitMs },
        );
      await this.sleep(decision.waitMs);
    }
  }

  private async fetchWithTimeout(url: URL): Promise<Answer> {
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new Error(`timed out after ${this.settings.timeoutMs} ms`)),
      this.settings.timeoutMs,
    );
    try {
      const response = await this.fetch(url, {
        headers: { authorization: this.authorization, accept: 'application/json' },
        signal: controller.signal,
      });
      // The body is read under the same timeout: a server that sends headers and then stalls is a timeout.
      return { status: response.status, headers: response.headers, text: await response.text() };
    } finally {
      clearTimeout(timer);
    }
  }

  private backoff(attempt: number): number {
    return backoffDelay(attempt, {
      baseDelayMs: this.settings.baseDelayMs,
      maxDelayMs: this.settings.maxDelayMs,
      random: this.random,
    });
  }
}

interface Answer {
  status: number;
  headers: Headers;
  text: string;
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
