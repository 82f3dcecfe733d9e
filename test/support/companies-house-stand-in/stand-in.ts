import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/*
 * A local stand-in for Companies House's public data API (REST): a loopback server that serves recorded
 * bodies from a fixtures folder laid out as <company number>/<resource>.json (company.json for the profile),
 * checks HTTP basic auth the way Companies House does (the key as user name, password ignored), pages the paged
 * lists by items_per_page and start_index, and can be told to answer 429, 5xx or nothing at all.
 */

export type StandInFault =
  | { kind: 'rate_limited'; retryAfterSeconds?: number }
  | { kind: 'status'; status: number }
  /** Accept the request and never answer (until the stand-in stops). */
  | { kind: 'hang' };

export interface StandInRequest {
  path: string;
  query: Record<string, string>;
  /** The key sent as the basic-auth user name, if any. */
  key: string | null;
  status: number | 'hang';
}

export interface StandInOptions {
  fixturesDir: string;
  /** Keys that are let in; any other (or none) gets 401. */
  apiKeys: readonly string[];
  port?: number;
}

const PAGED: Record<string, number> = {
  // Companies House's default page sizes when items_per_page is not given; it never serves more than 100.
  officers: 35,
  'persons-with-significant-control': 25,
  'persons-with-significant-control-statements': 25,
  'filing-history': 25,
  charges: 25,
};
const RESOURCES = new Set([...Object.keys(PAGED), 'insolvency']);
const MAX_ITEMS_PER_PAGE = 100;

export class CompaniesHouseStandIn {
  readonly requests: StandInRequest[] = [];
  private readonly faults: { pathPrefix: string; fault: StandInFault }[] = [];

  private constructor(
    private readonly server: Server,
    private readonly options: StandInOptions,
    readonly url: string,
  ) {}

  static async start(options: StandInOptions): Promise<CompaniesHouseStandIn> {
    // The handler needs the stand-in, which needs the server's port: filled in once it listens.
    const ready: { standIn?: CompaniesHouseStandIn } = {};
    const server = createServer((req, res) => {
      ready.standIn!.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) send(res, 500, { error: (error as Error).message });
      });
    });
    await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    ready.standIn = new CompaniesHouseStandIn(server, options, `http://127.0.0.1:${port}`);
    return ready.standIn;
  }

  /** The next requests (whose path starts with `pathPrefix`) get these answers, one each, in order. */
  failNext(faults: StandInFault[], pathPrefix = '/'): void {
    for (const fault of faults) this.faults.push({ pathPrefix, fault });
  }

  /** Requests whose path starts with `prefix` (all of them by default). */
  requestsTo(prefix = '/'): StandInRequest[] {
    return this.requests.filter((r) => r.path.startsWith(prefix));
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const record: StandInRequest = {
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      key: basicAuthUser(req.headers.authorization),
      status: 200,
    };
    this.requests.push(record);
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      record.status = status;
      send(res, status, body, headers);
    };

    if (record.key === null || !this.options.apiKeys.includes(record.key))
      return answer(401, { error: 'Invalid Authorization', type: 'ch:service' });

    const faultIndex = this.faults.findIndex((f) => url.pathname.startsWith(f.pathPrefix));
    if (faultIndex >= 0) {
      const { fault } = this.faults.splice(faultIndex, 1)[0]!;
      if (fault.kind === 'hang') {
        record.status = 'hang';
        return;
      }
      if (fault.kind === 'status') return answer(fault.status, { error: 'Service Unavailable' });
      return answer(
        429,
        { error: 'Too Many Requests' },
        fault.retryAfterSeconds === undefined ? {} : { 'retry-after': String(fault.retryAfterSeconds) },
      );
    }

    const match = /^\/company\/([A-Za-z0-9]+)(?:\/([a-z-]+))?\/?$/.exec(url.pathname);
    if (req.method !== 'GET' || !match)
      return answer(404, { errors: [{ error: 'not-found', type: 'ch:service' }] });
    const number = match[1]!.toUpperCase();
    const resource = match[2] ?? 'company';
    if (resource !== 'company' && !RESOURCES.has(resource))
      return answer(404, { errors: [{ error: 'not-found', type: 'ch:service' }] });
    const body = await this.fixture(number, resource);
    if (body === null) {
      const profile = await this.fixture(number, 'company');
      const error = profile === null ? 'company-profile-not-found' : `${resource}-not-found`;
      return answer(404, { errors: [{ error, type: 'ch:service' }] });
    }
    const defaultPageSize = PAGED[resource];
    if (defaultPageSize === undefined) return answer(200, body);
    answer(200, page(body, url.searchParams, defaultPageSize));
  }

  private async fixture(number: string, resource: string): Promise<Record<string, unknown> | null> {
    try {
      const text = await readFile(join(this.options.fixturesDir, number, `${resource}.json`), 'utf8');
      return JSON.parse(text) as Record<string, unknown>;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }
}

/** One page of a list body, the way Companies House cuts it: the totals stay those of the whole list. */
function page(
  body: Record<string, unknown>,
  query: URLSearchParams,
  defaultSize: number,
): Record<string, unknown> {
  const items = Array.isArray(body.items) ? (body.items as unknown[]) : [];
  const requested = Number(query.get('items_per_page') ?? defaultSize);
  const size = Math.min(
    MAX_ITEMS_PER_PAGE,
    Number.isInteger(requested) && requested > 0 ? requested : defaultSize,
  );
  const start = Math.max(0, Number(query.get('start_index') ?? 0) || 0);
  return { ...body, items_per_page: size, start_index: start, items: items.slice(start, start + size) };
}

function basicAuthUser(header: string | undefined): string | null {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : decoded.slice(0, colon);
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}
