import { join } from 'node:path';
import { setPlan } from '../../src/domain/accounts/accounts';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import { projectRoot } from '../support/paths';
import { request, signUp, startTestApp, type TestApp } from '../support/test-app';
import type { ErrorBody } from '../support/test-app';

const fixture = join(projectRoot, 'test/fixtures/companies/basic-company-data-sample.csv');
/** Accepted by the address rules only because the test app lists it as a development origin. */
const DEV_ORIGIN = 'http://127.0.0.1:9';

interface Entry {
  company_number: string;
  company_name: string | null;
  company_status: string | null;
  webhook_url: string | null;
  added_at: string;
  updated_at: string;
}

interface Page {
  items: Entry[];
  total: number;
  limit: number;
  offset: number;
  next_offset: number | null;
}

describe('watchlist (REST)', () => {
  let app: TestApp;

  /** A fresh account on Team, so no test here runs into the Free minute limit (quotas have their own tests). */
  async function account(): Promise<string> {
    const { api_key, account_id } = await signUp(app);
    await setPlan(app.services.orm.em.fork(), account_id, 'team');
    return api_key;
  }
  const watch = (key: string, body: unknown) =>
    request<Entry & { created: boolean } & ErrorBody>(app, 'POST', '/watchlist', { key, body });
  const watchlist = (key: string, query = '') =>
    request<Page & ErrorBody>(app, 'GET', `/watchlist${query}`, { key });
  const unwatch = (key: string, number: string) =>
    request<{ company_number: string; removed: true } & ErrorBody>(app, 'DELETE', `/watchlist/${number}`, {
      key,
    });

  beforeAll(async () => {
    app = await startTestApp({ WEBHOOK_DEV_ALLOWED_ORIGINS: DEV_ORIGIN });
    await importCompaniesCsv(app.services.orm.em.fork(), fixture, { asOf: new Date('2026-11-22T00:00:00Z') });
  });
  afterAll(() => app?.stop());

  it('adds a company as typed, answering with the entry and created: true', async () => {
    const key = await account();
    const response = await watch(key, { company_number: ' 9876543 ' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      company_number: '09876543',
      company_name: 'ACORN LEAF CONSULTING LTD',
      company_status: 'active',
      webhook_url: null,
      standard_webhooks: false,
      alert_types: [],
      min_severity: 'info',
      added_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      updated_at: response.body.added_at,
      created: true,
    });
    expect(Math.abs(Date.parse(response.body.added_at) - Date.now())).toBeLessThan(60_000);
    const { created: _created, ...entry } = response.body;
    expect((await watchlist(key)).body.items).toEqual([entry]);
  });

  it('re-adding updates the entry: a url replaces, leaving it out keeps, null clears; added_at stays', async () => {
    const key = await account();
    const first = await watch(key, {
      company_number: 'SC412345',
      webhook_url: 'https://hooks.example.com/a',
    });
    expect(first.body).toMatchObject({ created: true, webhook_url: 'https://hooks.example.com/a' });

    const replaced = await watch(key, {
      company_number: 'sc412345',
      webhook_url: 'https://hooks.example.com/b',
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({
      created: false,
      webhook_url: 'https://hooks.example.com/b',
      added_at: first.body.added_at,
    });
    expect(Date.parse(replaced.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(first.body.updated_at));

    const kept = await watch(key, { company_number: 'SC412345' });
    expect(kept.body).toMatchObject({ created: false, webhook_url: 'https://hooks.example.com/b' });

    const cleared = await watch(key, { company_number: 'SC412345', webhook_url: null });
    expect(cleared.body).toMatchObject({ created: false, webhook_url: null });
    expect((await watchlist(key)).body.total).toBe(1);
  });

  it('keeps one entry per company under concurrent adds', async () => {
    const key = await account();
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => watch(key, { company_number: '01234567' })),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(replies.filter((r) => r.body.created)).toHaveLength(1);
    expect((await watchlist(key)).body.total).toBe(1);
  });

  it('refuses a webhook address that breaks the rules with 422 and the rule, leaving the entry as it was', async () => {
    const key = await account();
    await watch(key, { company_number: '01234567', webhook_url: 'https://hooks.example.com/kept' });
    const cases: [string, string][] = [
      ['http://hooks.example.com/x', 'scheme_not_https'],
      ['https://hooks.example.com:444/x', 'port_not_443'],
      ['https://me:secret@hooks.example.com/x', 'credentials_not_allowed'],
      ['https://localhost/x', 'host_not_public'],
      ['https://192.168.1.10/x', 'private_address'],
    ];
    for (const [url, rule] of cases) {
      const response = await watch(key, { company_number: '01234567', webhook_url: url });
      expect(response.status).toBe(422);
      expect(response.body.error).toMatchObject({ code: 'webhook_address_refused', details: { rule, url } });
    }
    // Refused before anything is written, for a new entry too.
    expect(
      (await watch(key, { company_number: '12345678', webhook_url: 'http://x.example.com' })).status,
    ).toBe(422);
    const { body } = await watchlist(key);
    expect(body.items).toEqual([expect.objectContaining({ webhook_url: 'https://hooks.example.com/kept' })]);
  });

  it('accepts a development origin the configuration allows', async () => {
    const key = await account();
    const response = await watch(key, { company_number: '01234567', webhook_url: `${DEV_ORIGIN}/hook` });
    expect(response.status).toBe(200);
    expect(response.body.webhook_url).toBe(`${DEV_ORIGIN}/hook`);
  });

  it('refuses an unknown company (404), a malformed number (400) and bad bodies (400)', async () => {
    const key = await account();
    const unknown = await watch(key, { company_number: '99999999' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: 'not_found', details: { company_number: '99999999' } });

    const malformed = await watch(key, { company_number: 'XX12' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toMatchObject({
      code: 'invalid_company_number',
      details: { argument: 'company_number', company_number: 'XX12' },
    });

    for (const body of [{}, { company_number: 1234 }, { company_number: '01234567', extra: true }]) {
      const response = await watch(key, body);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('invalid_argument');
    }
    expect((await watchlist(key)).body.total).toBe(0);
  });

  it('lists entries newest first, paged', async () => {
    const key = await account();
    for (const number of ['01234567', 'OC398765', 'NI612345']) {
      await watch(key, { company_number: number });
      // Distinct added_at values, so "newest first" is observable.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const first = await watchlist(key, '?limit=2');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 3, limit: 2, offset: 0, next_offset: 2 });
    expect(first.body.items.map((e) => [e.company_number, e.company_name])).toEqual([
      ['NI612345', 'BELFAST BAKEHOUSE LIMITED'],
      ['OC398765', 'BRIGHT HARBOUR LLP'],
    ]);
    const second = await watchlist(key, '?limit=2&offset=2');
    expect(second.body.items.map((e) => e.company_number)).toEqual(['01234567']);
    expect(second.body.next_offset).toBeNull();
    expect((await watchlist(key, '?limit=0')).status).toBe(400);
    expect((await watchlist(key, '?limit=101')).status).toBe(400);
  });

  it('removes a company, then answers 404 for it; a malformed number is 400', async () => {
    const key = await account();
    await watch(key, { company_number: 'SC412345' });
    await watch(key, { company_number: '01234567' });
    const removed = await unwatch(key, 'sc412345');
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ company_number: 'SC412345', removed: true });
    expect((await watchlist(key)).body.items.map((e) => e.company_number)).toEqual(['01234567']);
    const again = await unwatch(key, 'SC412345');
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('not_found');
    const malformed = await unwatch(key, 'XX12');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('invalid_company_number');
  });

  it('keeps watchlists per account', async () => {
    const mine = await account();
    const theirs = await account();
    await watch(mine, { company_number: '01234567', webhook_url: 'https://hooks.example.com/mine' });
    expect((await watchlist(theirs)).body.total).toBe(0);
    expect((await unwatch(theirs, '01234567')).status).toBe(404);
    const theirAdd = await watch(theirs, { company_number: '01234567' });
    expect(theirAdd.body).toMatchObject({ created: true, webhook_url: null });
    expect((await watchlist(mine)).body.items).toEqual([
      expect.objectContaining({ webhook_url: 'https://hooks.example.com/mine' }),
    ]);
  });

  it('needs an API key', async () => {
    expect((await request(app, 'GET', '/watchlist')).status).toBe(401);
    expect((await request(app, 'POST', '/watchlist', { body: { company_number: '01234567' } })).status).toBe(
      401,
    );
  });
});
