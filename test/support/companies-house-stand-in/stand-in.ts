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
 * A local stand-in for Companies House's public data API (REST): a loopback server that serves recorded
 * bodies from a fixtures folder laid out as <company number>/<resource>.json (company.json for the profile) and
 * disqualified-officers/<natural|corporate>/<officer id>.json,
 * checks HTTP basic auth the way Companies House does (the key as user name, password ignored), pages the paged
 * lists by items_per_page and start_index, and can be told to answer 429, 5xx or nothing at all.
 */

export type { StandInFault } from './loopback-http';

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
const RESOURCES = new Set([...Object.keys(PAGED), 'insolvency', 'exemptions']);
const MAX_ITEMS_PER_PAGE = 100;

export class CompaniesHouseStandIn extends FaultableStandIn<StandInRequest> {
  private constructor(
    server: Server,
    private readonly options: StandInOptions,
    url: string,
  ) {
    super(server, url);
  }

  static async start(options: StandInOptions): Promise<CompaniesHouseStandIn> {
    return listenOnLoopback(
      options.port,
      ({ server, url }) => new CompaniesHouseStandIn(server, options, url),
      (standIn) => answering500OnFailure((req, res) => standIn.handle(req, res)),
    );
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
      sendJson(res, status, body, headers);
    };

    if (record.key === null || !this.options.apiKeys.includes(record.key))
      return answer(401, { error: 'Invalid Authorization', type: 'ch:service' });

    if (this.answeredByFault(record, answer)) return;

    const disqualified = /^\/disqualified-officers\/(natural|corporate)\/([A-Za-z0-9_-]+)\/?$/.exec(
      url.pathname,
    );
    if (req.method === 'GET' && disqualified) {
      const body = await this.fixture(join('disqualified-officers', disqualified[1]!), disqualified[2]!);
      return body === null
        ? answer(404, { errors: [{ error: 'disqualified-officer-not-found', type: 'ch:service' }] })
        : answer(200, body);
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

  private async fixture(folder: string, resource: string): Promise<Record<string, unknown> | null> {
    try {
      const text = await readFile(join(this.options.fixturesDir, folder, `${resource}.json`), 'utf8');
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
