import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { join } from 'node:path';
import {
  answering500OnFailure,
  basicAuthUser,
  FaultableStandIn,
  listenOnLoopback,
  sendJson,
} from './loopback-http';

/*
 * A local stand-in for Companies House's Document API, on its own loopback port (in reality a different host
 * from the REST API). Fixtures are laid out as <document id>/metadata.json (the metadata resource as served)
 * and <document id>/content.xhtml or content.pdf. It behaves as the real service does where the client
 * depends on it:
 *   GET /document/{id}          metadata, behind basic auth (the REST key as user name)
 *   GET /document/{id}/content  302 to a pre-signed URL on the "document store" for the type the Accept header
 *                               asks for (application/pdf when it asks for none), 406 when the document does not
 *                               exist in that type
 *   GET /_s3/{id}.{ext}?X-Amz-… the store: checks the URL's signature and refuses a request that also carries an
 *                               Authorization header, as S3 does with a pre-signed URL
 * and can be told to answer 429, 5xx or nothing at all, on either side (`failNext`).
 */

export interface DocumentStandInRequest {
  path: string;
  query: Record<string, string>;
  /** The key sent as the basic-auth user name, if any. */
  key: string | null;
  /** Whether the request carried an Authorization header at all (the store must never see one). */
  authorization: boolean;
  accept: string | null;
  status: number | 'hang';
}

export interface DocumentStandInOptions {
  fixturesDir: string;
  /** Keys that are let in; any other (or none) gets 401. */
  apiKeys: readonly string[];
  port?: number;
}

/** The formats the Document API serves, and the extension of their fixture file. */
const EXTENSIONS: Record<string, string> = { 'application/pdf': 'pdf', 'application/xhtml+xml': 'xhtml' };
const TYPES = Object.fromEntries(Object.entries(EXTENSIONS).map(([type, ext]) => [ext, type]));
/** What Companies House serves when the Accept header names nothing it has. */
const DEFAULT_TYPE = 'application/pdf';
const SIGNED_URL_SECONDS = 60;
const STORE_PREFIX = '/_s3/';

export class DocumentApiStandIn extends FaultableStandIn<DocumentStandInRequest> {
  /** Signs the store URLs it hands out, so only those are served. */
  private readonly signingKey = randomBytes(32);

  private constructor(
    server: Server,
    private readonly options: DocumentStandInOptions,
    url: string,
  ) {
    super(server, url);
  }

  static async start(options: DocumentStandInOptions): Promise<DocumentApiStandIn> {
    return listenOnLoopback(
      options.port,
      ({ server, url }) => new DocumentApiStandIn(server, options, url),
      (standIn) => answering500OnFailure((req, res) => standIn.handle(req, res)),
    );
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const record: DocumentStandInRequest = {
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      key: basicAuthUser(req.headers.authorization),
      authorization: req.headers.authorization !== undefined,
      accept: req.headers.accept ?? null,
      status: 200,
    };
    this.requests.push(record);
    const reply = (status: number, write: (res: ServerResponse) => void) => {
      record.status = status;
      write(res);
    };
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      reply(status, (r) => sendJson(r, status, body, headers));

    const store = url.pathname.startsWith(STORE_PREFIX);
    // The API checks the key before anything else; the store has no notion of it.
    if (!store && (record.key === null || !this.options.apiKeys.includes(record.key)))
      return json(401, { error: 'Invalid Authorization', type: 'ch:service' });

    if (this.answeredByFault(record, json)) return;

    if (req.method !== 'GET') return json(405, { error: 'Method Not Allowed' });
    if (store)
      return this.serveStored(req, url, (status, body, type) =>
        reply(status, (r) => send(r, status, body, type)),
      );

    const match = /^\/document\/([A-Za-z0-9_-]+)(\/content)?\/?$/.exec(url.pathname);
    if (!match) return json(404, { errors: [{ error: 'not-found', type: 'ch:service' }] });
    const id = match[1]!;
    const metadata = await this.metadata(id);
    if (metadata === null) return json(404, { errors: [{ error: 'not-found', type: 'ch:service' }] });
    if (!match[2]) return json(200, metadata);

    const type = chosenType(req.headers.accept, Object.keys(metadata.resources ?? {}));
    if (type === null) return json(406, { error: 'Not Acceptable' });
    const location = this.signedStoreUrl(id, EXTENSIONS[type]!);
    // As Companies House answers: an empty text body and the Location of the signed URL.
    reply(302, (r) => {
      r.writeHead(302, { location, 'content-type': 'text/plain; charset=utf-8', 'content-length': 0 });
      r.end();
    });
  }

  /** The document store: a signed, unexpired URL and no Authorization header, or an S3-style XML error. */
  private async serveStored(
    req: IncomingMessage,
    url: URL,
    answer: (status: number, body: Buffer | string, type: string) => void,
  ): Promise<void> {
    const s3Error = (status: number, code: string, message: string) =>
      answer(
        status,
        `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`,
        'application/xml',
      );
    if (req.headers.authorization !== undefined)
      return s3Error(
        400,
        'InvalidArgument',
        'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter, Signature query string ' +
          'parameter or the Authorization header should be specified',
      );
    const name = url.pathname.slice(STORE_PREFIX.length);
    const date = url.searchParams.get('X-Amz-Date') ?? '';
    const expires = url.searchParams.get('X-Amz-Expires') ?? '';
    const signature = url.searchParams.get('X-Amz-Signature') ?? '';
    if (!this.validSignature(name, date, expires, signature))
      return s3Error(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match');
    if (Date.now() > amzDate(date) + Number(expires) * 1000)
      return s3Error(403, 'AccessDenied', 'Request has expired');
    const match = /^([A-Za-z0-9_-]+)\.([a-z]+)$/.exec(name);
    const type = match ? TYPES[match[2]!] : undefined;
    const body =
      match && type ? await readFixture(this.options.fixturesDir, match[1]!, `content.${match[2]}`) : null;
    if (body === null || type === undefined)
      return s3Error(404, 'NoSuchKey', 'The specified key does not exist.');
    answer(200, body, type);
  }

  private signedStoreUrl(id: string, ext: string): string {
    const name = `${id}.${ext}`;
    const date = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
    const expires = String(SIGNED_URL_SECONDS);
    // The query parameters of an S3 pre-signed URL (signature version 4); the signature is the stand-in's own.
    const query = new URLSearchParams({
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Date': date,
      'X-Amz-Expires': expires,
      'X-Amz-SignedHeaders': 'host',
      'X-Amz-Signature': this.sign(name, date, expires),
    });
    return `${this.url}${STORE_PREFIX}${name}?${query}`;
  }

  private sign(name: string, date: string, expires: string): string {
    return createHmac('sha256', this.signingKey).update(`${name}\n${date}\n${expires}`).digest('hex');
  }

  private validSignature(name: string, date: string, expires: string, signature: string): boolean {
    if (!/^\d{8}T\d{6}Z$/.test(date) || !/^\d+$/.test(expires)) return false;
    const expected = Buffer.from(this.sign(name, date, expires));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private async metadata(id: string): Promise<{ resources?: Record<string, unknown> } | null> {
    const text = await readFixture(this.options.fixturesDir, id, 'metadata.json');
    return text === null
      ? null
      : (JSON.parse(text.toString('utf8')) as { resources?: Record<string, unknown> });
  }
}

/** The first type in the Accept header the document exists in; application/pdf when it names none. */
function chosenType(accept: string | undefined, available: readonly string[]): string | null {
  const asked = (accept ?? '')
    .split(',')
    .map((part) => part.split(';')[0]!.trim().toLowerCase())
    .filter((type) => type !== '');
  if (asked.length === 0 || asked.every((type) => type === '*/*'))
    return available.includes(DEFAULT_TYPE) ? DEFAULT_TYPE : null;
  return asked.find((type) => available.includes(type) && EXTENSIONS[type] !== undefined) ?? null;
}

/** X-Amz-Date (20250918T104207Z) in epoch milliseconds. */
function amzDate(value: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value)!;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
}

async function readFixture(dir: string, id: string, file: string): Promise<Buffer | null> {
  try {
    return await readFile(join(dir, id, file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function send(res: ServerResponse, status: number, body: Buffer | string, type: string): void {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}
