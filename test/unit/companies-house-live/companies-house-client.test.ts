import {
  CompaniesHouseClient,
  type CompaniesHouseClientOptions,
  type FetchResult,
} from '../../../src/ingest/companies-house/live/companies-house-client';
import { CompaniesHouseError } from '../../../src/ingest/companies-house/live/companies-house-errors';
import type { BudgetDecision } from '../../../src/ingest/companies-house/live/shared-request-budget';

type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | Error;

/** A fake Companies House: each request gets the next reply for its path, and a fake clock that sleeps. */
function harness(replies: (url: URL) => Reply, options: Partial<CompaniesHouseClientOptions> = {}) {
  let now = 1_000_000;
  const sleeps: number[] = [];
  const requests: { url: URL; authorization: string | null }[] = [];
  const fetch = (async (input: URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    requests.push({ url: input, authorization: headers.get('authorization') });
    const reply = replies(input);
    if (reply instanceof Error) throw reply;
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status: reply.status,
      headers: reply.headers,
    });
  }) as typeof globalThis.fetch;
  const client = new CompaniesHouseClient({
    apiKey: 'my_api_key',
    baseUrl: 'https://ch.example/',
    budget: { take: async (): Promise<BudgetDecision> => ({ granted: true }) },
    fetch,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
    now: () => now,
    random: () => 1,
    ...options,
  });
  return { client, sleeps, requests, advance: (ms: number) => (now += ms) };
}

const officer = (i: number) => ({ name: `OFFICER, Number ${i}`, officer_role: 'director' });

/** A list of `total` items served `items_per_page` at a time from `start_index`, as Companies House pages. */
function pagedList(total: number, totalField = 'total_results') {
  const items = Array.from({ length: total }, (_, i) => officer(i));
  return (url: URL): Reply => {
    const size = Number(url.searchParams.get('items_per_page'));
    const start = Number(url.searchParams.get('start_index'));
    return {
      status: 200,
      body: {
        kind: 'officer-list',
        [totalField]: total,
        items_per_page: size,
        start_index: start,
        items: items.slice(start, start + size),
      },
    };
  };
}

function bodyOf(result: FetchResult): Record<string, unknown> {
  if (result.status !== 'found') throw new Error('expected a body');
  return result.body;
}

async function failure(promise: Promise<unknown>): Promise<CompaniesHouseError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a CompaniesHouseError');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CompaniesHouseError);
  return error as CompaniesHouseError;
}

describe('CompaniesHouseClient', () => {
  it('sends the key as the basic-auth user name with an empty password', async () => {
    const { client, requests } = harness(() => ({ status: 200, body: { company_number: '00000006' } }));
    await client.company('00000006');
    expect(requests[0]!.authorization).toBe('Basic bXlfYXBpX2tleTo=');
    expect(requests[0]!.url.href).toBe('https://ch.example/company/00000006');
  });

  describe('paging', () => {
    it('fetches every page of a list and stops at total_results', async () => {
      const { client, requests } = harness(pagedList(5), { itemsPerPage: 2 });
      const result = await client.officers('09876543');
      expect(result.status).toBe('found');
      const body = bodyOf(result) as { items: unknown[]; total_results: number };
      expect(body.items).toEqual([0, 1, 2, 3, 4].map(officer));
      expect(body.total_results).toBe(5);
      expect(requests.map((r) => r.url.search)).toEqual([
        '?items_per_page=2&start_index=0',
        '?items_per_page=2&start_index=2',
        '?items_per_page=2&start_index=4',
      ]);
    });

    it('reads total_count (filing history, charges)', async () => {
      const { client, requests } = harness(pagedList(3, 'total_count'), { itemsPerPage: 2 });
      const result = await client.filingHistory('09876543');
      expect((bodyOf(result) as { items: unknown[] }).items).toHaveLength(3);
      expect(requests).toHaveLength(2);
    });

    it('without a total, stops at the first short page', async () => {
      const { client, requests } = harness(pagedList(4, 'no_total'), { itemsPerPage: 2 });
      const result = await client.pscStatements('SC412345');
      expect((bodyOf(result) as { items: unknown[] }).items).toHaveLength(4);
      expect(requests).toHaveLength(3); // 2, 2, then an empty page
    });

    it('stops when the server runs out of items before total_results', async () => {
      const { client, requests } = harness(
        (url) => ({
          status: 200,
          body: { total_results: 10, items: url.searchParams.get('start_index') === '0' ? [officer(0)] : [] },
        }),
        { itemsPerPage: 1 },
      );
      const result = await client.officers('09876543');
      expect((bodyOf(result) as { items: unknown[] }).items).toHaveLength(1);
      expect(requests).toHaveLength(2);
    });

    it('refuses a list that never ends', async () => {
      // Ignores start_index and always says there is more.
      const { client, requests } = harness(
        () => ({ status: 200, body: { total_results: 1e9, items: [officer(0)] } }),
        {
          itemsPerPage: 1,
          maxPages: 5,
        },
      );
      const error = await failure(client.officers('09876543'));
      expect(error.kind).toBe('bad_response');
      expect(requests).toHaveLength(5);
    });
  });

  describe('retries', () => {
    it('retries 5xx and network errors with exponential backoff', async () => {
      const replies: Reply[] = [
        { status: 502 },
        new Error('socket hang up'),
        { status: 503 },
        { status: 200, body: {} },
      ];
      const { client, sleeps } = harness(() => replies.shift()!, { baseDelayMs: 100, maxDelayMs: 300 });
      await expect(client.company('09876543')).resolves.toEqual({ status: 'found', body: {} });
      expect(sleeps).toEqual([100, 200, 300]); // doubled each time, capped at maxDelayMs
    });

    it('gives up after maxAttempts with `unavailable`', async () => {
      const { client, requests, sleeps } = harness(() => ({ status: 500 }), {
        maxAttempts: 3,
        baseDelayMs: 10,
      });
      const error = await failure(client.company('09876543'));
      expect(error.kind).toBe('unavailable');
      expect(error.details.attempts).toBe(3);
      expect(requests).toHaveLength(3);
      expect(sleeps).toEqual([10, 20]);
    });

    it('treats a timeout as a retryable failure', async () => {
      const replies: Reply[] = [new Error('timed out after 10000 ms'), { status: 200, body: { ok: true } }];
      const { client, sleeps } = harness(() => replies.shift()!, { baseDelayMs: 50 });
      await expect(client.company('09876543')).resolves.toEqual({ status: 'found', body: { ok: true } });
      expect(sleeps).toEqual([50]);
    });

    it('waits out a 429 for as long as Retry-After says, then retries', async () => {
      const replies: Reply[] = [
        { status: 429, headers: { 'retry-after': '7' } },
        { status: 200, body: {} },
      ];
      const { client, sleeps } = harness(() => replies.shift()!);
      await client.company('09876543');
      expect(sleeps).toEqual([7000]);
    });

    it('without Retry-After waits until X-Ratelimit-Reset, or the fallback', async () => {
      const replies: Reply[] = [
        { status: 429, headers: { 'x-ratelimit-reset': String(1_000_000 / 1000 + 42) } },
        { status: 429 },
        { status: 200, body: {} },
      ];
      const { client, sleeps } = harness(() => replies.shift()!, { rateLimitedFallbackMs: 30_000 });
      await client.company('09876543');
      expect(sleeps).toEqual([42_000, 30_000]);
    });

    it('refuses with `rate_limited` a 429 that asks for longer than maxWaitMs', async () => {
      const { client, sleeps } = harness(() => ({ status: 429, headers: { 'retry-after': '300' } }), {
        maxWaitMs: 60_000,
      });
      const error = await failure(client.company('09876543'));
      expect(error).toMatchObject({ kind: 'rate_limited', details: { retryAfterMs: 300_000 } });
      expect(sleeps).toEqual([]);
    });

    it('does not retry a 401: the key is wrong', async () => {
      const { client, requests } = harness(() => ({ status: 401, body: { error: 'Invalid Authorization' } }));
      expect((await failure(client.company('09876543'))).kind).toBe('unauthorized');
      expect(requests).toHaveLength(1);
    });
  });

  describe('the shared budget', () => {
    it('waits when the budget is spent for a short while, and refuses a long wait', async () => {
      const decisions: BudgetDecision[] = [{ granted: false, waitMs: 1500 }, { granted: true }];
      const short = harness(() => ({ status: 200, body: {} }), {
        budget: { take: async () => decisions.shift()! },
      });
      await short.client.company('09876543');
      expect(short.sleeps).toEqual([1500]);

      const long = harness(() => ({ status: 200, body: {} }), {
        budget: { take: async () => ({ granted: false, waitMs: 120_000 }) },
        maxWaitMs: 60_000,
      });
      const error = await failure(long.client.company('09876543'));
      expect(error).toMatchObject({ kind: 'rate_limited', details: { retryAfterMs: 120_000 } });
      expect(long.requests).toHaveLength(0);
    });

    it('takes the budget once per attempt, retries included', async () => {
      let taken = 0;
      const replies: Reply[] = [{ status: 503 }, { status: 200, body: {} }];
      const { client } = harness(() => replies.shift()!, {
        budget: { take: async () => (taken++, { granted: true }) },
      });
      await client.company('09876543');
      expect(taken).toBe(2);
    });
  });

  describe('404: no such company', () => {
    it('is a result, remembered for notFoundTtlMs', async () => {
      const { client, requests, advance } = harness(
        () => ({ status: 404, body: { errors: [{ error: 'company-profile-not-found' }] } }),
        {
          notFoundTtlMs: 60_000,
        },
      );
      await expect(client.company('99999999')).resolves.toEqual({ status: 'not_found' });
      await expect(client.company('99999999')).resolves.toEqual({ status: 'not_found' });
      // Its resources are not asked for either.
      await expect(client.officers('99999999')).resolves.toEqual({ status: 'not_found' });
      expect(requests).toHaveLength(1);
      advance(60_001);
      await expect(client.company('99999999')).resolves.toEqual({ status: 'not_found' });
      expect(requests).toHaveLength(2);
    });

    it('a resource a company lacks is remembered for that resource only', async () => {
      const { client, requests } = harness((url) =>
        url.pathname.endsWith('/charges')
          ? { status: 404 }
          : { status: 200, body: { company_number: '09876543' } },
      );
      await expect(client.charges('09876543')).resolves.toEqual({ status: 'not_found' });
      await expect(client.charges('09876543')).resolves.toEqual({ status: 'not_found' });
      await expect(client.company('09876543')).resolves.toMatchObject({ status: 'found' });
      expect(requests.map((r) => r.url.pathname)).toEqual(['/company/09876543/charges', '/company/09876543']);
    });
  });

  it('refuses a body that is not a JSON object', async () => {
    const { client } = harness(() => ({ status: 200, body: [1, 2] }));
    expect((await failure(client.company('09876543'))).kind).toBe('bad_response');
  });
});
