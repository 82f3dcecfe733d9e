import { z } from 'zod';
import type { CompaniesHouseClientOptions } from './companies-house-client';
import { CompaniesHouseError } from './companies-house-errors';
import { backoffDelay, isRetryableStatus, retryAfterMs } from './retry-policy';

/*
 * Companies House's Document API: a filing's metadata (which formats the document exists in) and its content.
 * The same rules as the REST client: the REST key in basic auth, every request to Companies House taken from
 * the key's shared budget, 429 waited out as told, 5xx, timeouts and network errors retried with backoff.
 *
 * Content is not served by Companies House itself: GET /document/{id}/content answers 302 with a pre-signed
 * URL on its document store (S3). That URL carries its own signature, so the Authorization header must stay
 * behind: S3 refuses a request with two kinds of authentication, and the key has no business leaving
 * Companies House. Redirects are therefore followed by hand, without it, and do not take from the budget (the
 * store is not Companies House's API). A content body is read under a size limit: a filing is a few hundred
 * kilobytes, and nothing this service reads from it justifies holding more in memory.
 */

/** GET /document/{id}, as Companies House sends it; only `resources` is needed to go on, the rest is kept. */
export const documentMetadataSchema = z.looseObject({
  company_number: z.string().optional(),
  barcode: z.string().nullish(),
  significant_date: z.string().nullish(),
  significant_date_type: z.string().nullish(),
  category: z.string().nullish(),
  pages: z.number().nullish(),
  filename: z.string().nullish(),
  created_at: z.string().nullish(),
  etag: z.string().nullish(),
  links: z.looseObject({ self: z.string().optional(), document: z.string().optional() }).optional(),
  /** The formats the document exists in, by MIME type: application/pdf, and for iXBRL accounts application/xhtml+xml. */
  resources: z.record(z.string(), z.looseObject({ content_length: z.number().nullish() })),
});
export type DocumentMetadata = z.infer<typeof documentMetadataSchema>;

export type MetadataResult = { status: 'found'; metadata: DocumentMetadata } | { status: 'not_found' };

export type ContentResult =
  | { status: 'found'; body: Buffer; contentType: string | null }
  | { status: 'not_found' }
  /** 406: the document does not exist in the format asked for. */
  | { status: 'not_available' };

/** 20 MB: far above any accounts filing, far below what would hurt a worker. */
export const DEFAULT_MAX_CONTENT_BYTES = 20 * 1024 * 1024;

export interface DocumentClientOptions extends Pick<
  CompaniesHouseClientOptions,
  | 'apiKey'
  | 'budget'
  | 'timeoutMs'
  | 'maxAttempts'
  | 'baseDelayMs'
  | 'maxDelayMs'
  | 'maxWaitMs'
  | 'rateLimitedFallbackMs'
  | 'fetch'
  | 'sleep'
  | 'now'
  | 'random'
> {
  /** https://document-api.company-information.service.gov.uk, or a stand-in. */
  baseUrl: string;
  /** A content download, both legs and the body included; longer than `timeoutMs` because bodies are larger. */
  contentTimeoutMs?: number;
  maxContentBytes?: number;
  /** Redirects followed for one content request (Companies House sends one). */
  maxRedirects?: number;
}

const defaults = {
  timeoutMs: 10_000,
  contentTimeoutMs: 60_000,
  maxAttempts: 5,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxWaitMs: 60_000,
  rateLimitedFallbackMs: 60_000,
  maxContentBytes: DEFAULT_MAX_CONTENT_BYTES,
  maxRedirects: 3,
};

type Settings = typeof defaults;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Document ids are URL-safe base64. */
const DOCUMENT_ID = /^[A-Za-z0-9_-]+$/;

/**
 * The document id in a filing's `links.document_metadata` (an absolute URL on frontend-doc-api… or
 * document-api…, or a bare path): only the id is kept, and the configured base URL is used to fetch it, so a
 * link can never send the key to another host. Null when the link is not a Document API metadata link.
 */
export function documentIdFromMetadataUrl(link: string): string | null {
  let path: string;
  try {
    path = new URL(link, 'https://document-api.company-information.service.gov.uk').pathname;
  } catch {
    return null;
  }
  const match = /^\/document\/([^/]+)\/?$/.exec(path);
  return match && DOCUMENT_ID.test(match[1]!) ? match[1]! : null;
}

/** One attempt's answer: the result, or an HTTP status the retry rules decide about. */
type AttemptAnswer<T> = { result: T } | { status: number; headers: Headers; from: string };

export class DocumentClient {
  private readonly settings: Settings;
  private readonly authorization: string;
  private readonly baseUrl: string;
  private readonly fetch: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;
  private readonly random: () => number;

  constructor(private readonly options: DocumentClientOptions) {
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
  }

  /** GET /document/{id}: what the document is and which formats it exists in. */
  async metadata(documentId: string): Promise<MetadataResult> {
    const path = `/document/${this.checkedId(documentId)}`;
    return this.withRetries(path, this.settings.timeoutMs, async (signal) => {
      const response = await this.fetch(`${this.baseUrl}${path}`, {
        headers: { authorization: this.authorization, accept: 'application/json' },
        redirect: 'manual',
        signal,
      });
      if (response.status === 404) return { result: { status: 'not_found' } as const };
      if (response.status !== 200) return this.unanswered(response, path);
      const text = await response.text();
      return { result: { status: 'found', metadata: parseMetadata(text, path) } as const };
    });
  }

  /** GET /document/{id}/content in one format (a MIME type the metadata lists), following the redirect. */
  async content(documentId: string, mimeType: string): Promise<ContentResult> {
    const path = `/document/${this.checkedId(documentId)}/content`;
    return this.withRetries(path, this.settings.contentTimeoutMs, async (signal) => {
      let url = new URL(`${this.baseUrl}${path}`);
      let response = await this.fetch(url, {
        headers: { authorization: this.authorization, accept: mimeType },
        redirect: 'manual',
        signal,
      });
      let hops = 0;
      for (; isRedirect(response.status); hops++) {
        if (hops >= this.settings.maxRedirects)
          throw new CompaniesHouseError('bad_response', `${path}: more than ${hops} redirects`, { path });
        url = redirectTarget(response, url, path);
        await response.body?.cancel();
        // No Authorization: the target is signed on its own, and is not Companies House.
        response = await this.fetch(url, { headers: { accept: mimeType }, redirect: 'manual', signal });
      }
      const from = hops === 0 ? path : `${path} (redirected to ${url.host}${url.pathname})`;
      if (response.status === 404) return { result: { status: 'not_found' } as const };
      if (response.status === 406) return { result: { status: 'not_available' } as const };
      if (response.status !== 200) return this.unanswered(response, from);
      const body = await readLimited(response, this.settings.maxContentBytes, from);
      return {
        result: { status: 'found', body, contentType: response.headers.get('content-type') } as const,
      };
    });
  }

  private checkedId(documentId: string): string {
    if (!DOCUMENT_ID.test(documentId))
      throw new CompaniesHouseError(
        'refused',
        `not a Companies House document id: ${JSON.stringify(documentId)}`,
      );
    return documentId;
  }

  private async unanswered<T>(response: Response, from: string): Promise<AttemptAnswer<T>> {
    await response.body?.cancel();
    return { status: response.status, headers: response.headers, from };
  }

  /**
   * The REST client's retry rules around one request: the budget is taken before every attempt; a 429 is waited
   * out as told (or `rate_limited` when that is too long); 5xx, 408, timeouts and network errors are retried
   * with backoff; 401 is `unauthorized`, other statuses `refused`. `attempt` runs under `timeoutMs`, body
   * included, and throws only for network errors and timeouts (or a CompaniesHouseError, which ends it).
   */
  private async withRetries<T>(
    path: string,
    timeoutMs: number,
    attempt: (signal: AbortSignal) => Promise<AttemptAnswer<T>>,
  ): Promise<T> {
    const { maxAttempts } = this.settings;
    let lastProblem = '';
    let lastWasRateLimit = false;
    for (let number = 1; number <= maxAttempts; number++) {
      await this.takeBudget(path);
      let answer: AttemptAnswer<T>;
      const controller = new AbortController();
      const timer = setTimeout(
        () => controller.abort(new Error(`timed out after ${timeoutMs} ms`)),
        timeoutMs,
      );
      try {
        answer = await attempt(controller.signal);
      } catch (error) {
        if (error instanceof CompaniesHouseError) throw error;
        lastProblem = controller.signal.aborted
          ? (controller.signal.reason as Error).message
          : (error as Error).message;
        lastWasRateLimit = false;
        if (number < maxAttempts) await this.sleep(this.backoff(number));
        continue;
      } finally {
        clearTimeout(timer);
      }
      if ('result' in answer) return answer.result;
      const { status, headers, from } = answer;
      if (status === 401)
        throw new CompaniesHouseError(
          'unauthorized',
          `${from}: 401 from Companies House: check COMPANIES_HOUSE_API_KEY (a REST API key, not a stream key)`,
          { path, status },
        );
      if (status === 429) {
        lastWasRateLimit = true;
        lastProblem = '429 Too Many Requests';
        const wait = retryAfterMs(headers, this.now(), this.settings.rateLimitedFallbackMs);
        if (wait > this.settings.maxWaitMs)
          throw new CompaniesHouseError('rate_limited', `${from}: Companies House asks to wait ${wait} ms`, {
            path,
            status,
            retryAfterMs: wait,
          });
        if (number < maxAttempts) await this.sleep(wait);
        continue;
      }
      if (isRetryableStatus(status)) {
        lastWasRateLimit = false;
        lastProblem = `HTTP ${status}`;
        if (number < maxAttempts) await this.sleep(this.backoff(number));
        continue;
      }
      throw new CompaniesHouseError('refused', `${from}: HTTP ${status}`, { path, status });
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

  private backoff(attempt: number): number {
    return backoffDelay(attempt, {
      baseDelayMs: this.settings.baseDelayMs,
      maxDelayMs: this.settings.maxDelayMs,
      random: this.random,
    });
  }
}

function isRedirect(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

function redirectTarget(response: Response, from: URL, path: string): URL {
  const location = response.headers.get('location');
  if (!location)
    throw new CompaniesHouseError('bad_response', `${path}: HTTP ${response.status} without a Location`, {
      path,
      status: response.status,
    });
  let target: URL;
  try {
    target = new URL(location, from);
  } catch {
    throw new CompaniesHouseError('bad_response', `${path}: a Location that is not a URL`, { path });
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:')
    throw new CompaniesHouseError('bad_response', `${path}: redirected to a ${target.protocol} URL`, {
      path,
    });
  return target;
}

/** The body, refused as soon as it is known to exceed `limit` bytes (declared or as it arrives). */
async function readLimited(response: Response, limit: number, from: string): Promise<Buffer> {
  const tooLarge = (size: string) =>
    new CompaniesHouseError('bad_response', `${from}: the document is larger than ${limit} bytes (${size})`, {
      path: from,
      status: response.status,
    });
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel();
    throw tooLarge(`${declared} bytes declared`);
  }
  if (response.body === null) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(`more than ${limit} bytes sent`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function parseMetadata(text: string, path: string): DocumentMetadata {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new CompaniesHouseError('bad_response', `${path}: not JSON`, { path, status: 200 });
  }
  const parsed = documentMetadataSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new CompaniesHouseError(
      'bad_response',
      `${path}: not document metadata (${issue.path.join('.') || 'body'}: ${issue.message})`,
      { path, status: 200 },
    );
  }
  return parsed.data;
}
