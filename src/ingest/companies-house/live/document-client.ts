import { z } from 'zod';
import { basicAuthorization, trimBaseUrl, withDefaults } from './client-settings';
import type { CompaniesHouseClientOptions } from './companies-house-client';
import { CompaniesHouseError } from './companies-house-errors';
import { RequestAttempts, type AttemptAnswer, type RequestAttemptsOptions } from './request-attempts';

/*
 * Companies House's Document API: a filing's metadata (which formats the document exists in) and its content.
 * The same rules as the REST client, through the same RequestAttempts: the REST key in basic auth, every request
 * to Companies House taken from the key's shared budget, 429 waited out as told, 5xx, timeouts and network
 * errors retried with backoff.
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

export interface DocumentClientOptions
  extends RequestAttemptsOptions, Pick<CompaniesHouseClientOptions, 'apiKey' | 'timeoutMs' | 'fetch'> {
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
  maxContentBytes: DEFAULT_MAX_CONTENT_BYTES,
  maxRedirects: 3,
};

type Settings = typeof defaults;

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

export class DocumentClient {
  private readonly settings: Settings;
  private readonly authorization: string;
  private readonly baseUrl: string;
  private readonly attempts: RequestAttempts;
  private readonly fetch: typeof fetch;

  constructor(options: DocumentClientOptions) {
    this.settings = withDefaults(defaults, options);
    this.authorization = basicAuthorization(options.apiKey);
    this.baseUrl = trimBaseUrl(options.baseUrl);
    this.fetch = options.fetch ?? fetch;
    this.attempts = new RequestAttempts(options);
  }

  /** GET /document/{id}: what the document is and which formats it exists in. */
  async metadata(documentId: string): Promise<MetadataResult> {
    const path = `/document/${this.checkedId(documentId)}`;
    return this.attempts.run(path, this.settings.timeoutMs, async (signal) => {
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
    return this.attempts.run(path, this.settings.contentTimeoutMs, async (signal) => {
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
