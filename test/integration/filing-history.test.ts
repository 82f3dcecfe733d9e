import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { z } from 'zod';
import { FilingEntity } from '../../src/db/entities/filing';
import { RegisterChangeEntity } from '../../src/db/entities/register-change';
import { setPlan } from '../../src/domain/accounts/accounts';
import { filingCategories } from '../../src/domain/filings/filing-categories';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import {
  importFilingHistoryFile,
  importFilingHistoryJson,
} from '../../src/ingest/companies-house/resources/filing-history-json';
import type { getFilingHistory } from '../../src/operations/get-filing-history';
import { callToolChecked, connectMcp, toolError } from '../support/mcp-client';
import { projectRoot } from '../support/paths';
import { request, signUp, startTestApp, type ErrorBody, type TestApp } from '../support/test-app';

type Page = z.infer<typeof getFilingHistory.output>;

const register = join(projectRoot, 'test/fixtures/companies/basic-company-data-sample.csv');
const fixture = (name: string) => join(projectRoot, 'test/fixtures/filings', name);
const FIRST_AT = new Date('2026-11-22T08:00:00.000Z');
const LATER_AT = new Date('2026-11-23T08:00:00.000Z');
const UPGRADE_URL = 'https://example.com/upgrade';

/** The fixture's filings, newest first (same-day filings by transaction id). */
const NEWEST_FIRST = [
  'MzQ1MDAwMDAwMGFkaXF6a2N4', // 2025-03-05 RP04AP01 officers
  'MzQzMzMzMzMyOWFkaXF6a2N4', // 2024-11-20 TM01 officers
  'MzQzMzMzMzMzOGFkaXF6a2N4', // 2024-11-20 CS01 confirmation-statement
  'MzQxMjM0NTY3N2FkaXF6a2N4', // 2024-08-20 AA accounts
  'MzM5MDAwMjIyNmFkaXF6a2N4', // 2023-11-20 CS01 confirmation-statement
  'MzIzMDAwMTExNWFkaXF6a2N4', // 2019-04-03 AP01 officers
  'MzE4NTU1NTUwNGFkaXF6a2N4', // 2017-08-10 AA accounts
  'MzE2NzIwMDAwM2FkaXF6a2N4', // 2017-01-20 CERTNM change-of-name
  'MzE0NDQ1NTY2MmFkaXF6a2N4', // 2016-02-01 MISC miscellaneous
  'MzEzNTc4OTYwMWFkaXF6a2N4', // 2015-11-14 NEWINC incorporation
];

describe('get_filing_history and the filing history import', () => {
  let app: TestApp;
  let key: string;
  let client: Client;

  const history = (query: string, apiKey = key) =>
    request<Page & ErrorBody>(app, 'GET', `/company/09876543/filing-history${query}`, { key: apiKey });
  const ids = (page: Page) => page.items.map((item) => item.transaction_id);
  const filingChanges = () =>
    app.services.orm.em
      .fork()
      .find(
        RegisterChangeEntity,
        { companyNumber: '09876543', field: 'filing_history' },
        { orderBy: { sequence: 'asc' } },
      );

  beforeAll(async () => {
    app = await startTestApp({ UPGRADE_URL });
    await importCompaniesCsv(app.services.orm.em.fork(), register, {
      asOf: new Date('2026-11-22T00:00:00Z'),
    });
    const outcome = await importFilingHistoryFile(
      app.services.orm.em.fork(),
      '09876543',
      fixture('09876543-filing-history.json'),
      { source: 'import', detectedAt: FIRST_AT },
    );
    expect(outcome).toEqual({ status: 'imported', baseline: true, changes: 0 });
    const starter = await signUp(app);
    await setPlan(app.services.orm.em.fork(), starter.account_id, 'starter');
    key = starter.api_key;
    client = await connectMcp(app, key);
  });
  afterAll(async () => {
    await client?.close();
    await app?.stop();
  });

  it('the first import is a baseline: every filing stored, no change recorded', async () => {
    expect(await app.services.orm.em.fork().count(FilingEntity, { companyNumber: '09876543' })).toBe(10);
    expect(await filingChanges()).toEqual([]);
  });

  it('lists filings newest first with plain-English descriptions', async () => {
    const response = await history('');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      company_number: '09876543',
      total_count: 10,
      offset: 0,
      has_more: false,
      next_offset: null,
    });
    expect(ids(response.body)).toEqual(NEWEST_FIRST);
    const byId = new Map(response.body.items.map((item) => [item.transaction_id, item]));
    expect(byId.get('MzQxMjM0NTY3N2FkaXF6a2N4')).toEqual({
      transaction_id: 'MzQxMjM0NTY3N2FkaXF6a2N4',
      date: '2024-08-20',
      category: 'accounts',
      subcategory: null,
      type: 'AA',
      description: 'Micro-entity accounts made up to 2023-11-30',
      description_code: 'accounts-with-accounts-type-micro-entity',
      description_values: { made_up_date: '2023-11-30' },
      action_date: '2023-11-30',
      pages: 5,
      paper_filed: false,
    });
    expect(byId.get('MzE0NDQ1NTY2MmFkaXF6a2N4')).toMatchObject({
      description: "Auditor's letter of resignation",
      paper_filed: true,
    });
    expect(byId.get('MzQ1MDAwMDAwMGFkaXF6a2N4')?.description).toBe(
      'Second filing of director appointment (officer name: Ms Priya Sharma)',
    );
  });

  it('filters by one category or several, counting what the filter matches', async () => {
    const accounts = (await history('?category=accounts')).body;
    expect(ids(accounts)).toEqual(['MzQxMjM0NTY3N2FkaXF6a2N4', 'MzE4NTU1NTUwNGFkaXF6a2N4']);
    expect(accounts.total_count).toBe(2);
    const several = (await history('?category=officers,Confirmation-Statement')).body;
    expect(ids(several)).toEqual(NEWEST_FIRST.filter((_, i) => [0, 1, 2, 4, 5].includes(i)));
    expect(several.total_count).toBe(5);
    expect((await history('?category=mortgage')).body).toMatchObject({ items: [], total_count: 0 });
  });

  it('pages to the end with offset and limit, no filing twice or missed', async () => {
    const seen: string[] = [];
    const sizes: number[] = [];
    let offset: number | null = 0;
    while (offset !== null) {
      const page: Page = (await history(`?limit=3&offset=${offset}`)).body;
      expect(page.offset).toBe(offset);
      seen.push(...ids(page));
      sizes.push(page.items.length);
      expect(page.has_more).toBe(page.next_offset !== null);
      offset = page.next_offset;
    }
    expect(sizes).toEqual([3, 3, 3, 1]);
    expect(seen).toEqual(NEWEST_FIRST);
    const filtered = (await history('?category=officers&limit=2&offset=2')).body;
    expect(filtered).toMatchObject({ total_count: 3, has_more: false, next_offset: null });
    expect(ids(filtered)).toEqual(['MzIzMDAwMTExNWFkaXF6a2N4']);
    expect((await history('?offset=50')).body).toMatchObject({ items: [], total_count: 10, has_more: false });
  });

  it('refuses an unknown category with 400 naming it and listing the allowed ones', async () => {
    const response = await history('?category=accounts,shares');
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('invalid_argument');
    expect(response.body.error.message).toContain('shares');
    expect(response.body.error.details).toMatchObject({
      argument: 'category',
      invalid: ['shares'],
      allowed: [...filingCategories],
    });
    expect((await history('?category=,')).status).toBe(400);
  });

  it.each([
    ['limit=0', 'invalid_argument'],
    ['limit=101', 'invalid_argument'],
    ['limit=abc', 'invalid_argument'],
    ['offset=-1', 'invalid_argument'],
    ['colour=red', 'invalid_argument'],
  ])('refuses %s with 400 %s', async (query, code) => {
    const response = await history(`?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe(code);
  });

  it('answers 400 for a malformed company number, 404 for an unknown one, details_not_held for one never imported, and an empty list for one without filings', async () => {
    const malformed = await request<ErrorBody>(app, 'GET', '/company/XX12/filing-history', { key });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('invalid_company_number');
    const unknown = await request<ErrorBody>(app, 'GET', '/company/99999999/filing-history', { key });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found');
    const notHeld = await request<ErrorBody>(app, 'GET', '/company/SC412345/filing-history', { key });
    expect(notHeld.status).toBe(404);
    expect(notHeld.body.error).toMatchObject({
      code: 'details_not_held',
      details: { resource: 'filing_history' },
    });
    await importFilingHistoryJson(
      app.services.orm.em.fork(),
      'SC412345',
      { items: [], total_count: 0 },
      { detectedAt: new Date('2026-11-22T00:00:00Z'), source: 'import' },
    );
    const empty = await request<Page>(app, 'GET', '/company/SC412345/filing-history', { key });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      company_number: 'SC412345',
      total_count: 0,
      items: [],
      offset: 0,
      has_more: false,
      next_offset: null,
    });
  });

  it('is an MCP tool whose results validate against its output schema and match REST', async () => {
    const structured = (await callToolChecked(client, 'get_filing_history', {
      company_number: '9876543',
      category: 'accounts',
      limit: 1,
    })) as Page;
    expect(ids(structured)).toEqual(['MzQxMjM0NTY3N2FkaXF6a2N4']);
    expect(structured).toMatchObject({ total_count: 2, has_more: true, next_offset: 1 });
    expect(structured).toEqual((await history('?category=accounts&limit=1')).body);
    const bad = await client.callTool({
      name: 'get_filing_history',
      arguments: { company_number: '09876543', category: 'bogus' },
    });
    expect(bad.isError).toBe(true);
    expect(toolError(bad)).toMatchObject({ code: 'invalid_argument', details: { argument: 'category' } });
    const unknown = await client.callTool({
      name: 'get_filing_history',
      arguments: { company_number: '99999999' },
    });
    expect(unknown.isError).toBe(true);
    expect(toolError(unknown).code).toBe('not_found');
  });

  it('refuses a Free key: 403 plan_required over REST, isError over MCP', async () => {
    const free = await signUp(app);
    const response = await history('', free.api_key);
    expect(response.status).toBe(403);
    expect(response.body.error).toMatchObject({
      code: 'plan_required',
      details: { required_plan: 'starter' },
    });
    const freeClient = await connectMcp(app, free.api_key);
    const result = await freeClient.callTool({
      name: 'get_filing_history',
      arguments: { company_number: '09876543' },
    });
    await freeClient.close();
    expect(result.isError).toBe(true);
    expect(toolError(result).code).toBe('plan_required');
  });

  it('refuses a bad file naming the item and field, and writes nothing', async () => {
    const before = await app.services.orm.em.fork().count(FilingEntity, {});
    await expect(
      importFilingHistoryFile(
        app.services.orm.em.fork(),
        '09876543',
        fixture('filing-history-bad-date.json'),
        {
          source: 'import',
          detectedAt: LATER_AT,
        },
      ),
    ).rejects.toMatchObject({
      code: 'invalid_argument',
      message: expect.stringMatching(/filing-history-bad-date\.json: items\.0\.date/) as unknown,
    });
    await expect(
      importFilingHistoryJson(
        app.services.orm.em.fork(),
        '09876543',
        { items: [{ transaction_id: 'X' }] },
        { source: 'import', detectedAt: LATER_AT },
      ),
    ).rejects.toMatchObject({ code: 'invalid_argument', details: { field: 'items.0.category' } });
    await expect(
      importFilingHistoryFile(app.services.orm.em.fork(), '09876543', fixture('no-such-file.json'), {
        source: 'import',
        detectedAt: LATER_AT,
      }),
    ).rejects.toMatchObject({ code: 'invalid_argument' });
    expect(await app.services.orm.em.fork().count(FilingEntity, {})).toBe(before);
    expect(await filingChanges()).toEqual([]);
  });

  it('a later import adds new filings, keeps the old ones and records one new_filing change each', async () => {
    const outcome = await importFilingHistoryFile(
      app.services.orm.em.fork(),
      '09876543',
      fixture('09876543-filing-history-later.json'),
      { source: 'import', detectedAt: LATER_AT },
    );
    expect(outcome).toEqual({ status: 'imported', baseline: false, changes: 2 });
    const page = (await history('')).body;
    expect(page.total_count).toBe(12);
    expect(ids(page)).toEqual(['MzQ4ODg4ODg4MWFkaXF6a2N4', 'MzQ3Nzc3Nzc3MmFkaXF6a2N4', ...NEWEST_FIRST]);
    const changes = await filingChanges();
    expect(
      changes.map((c) => ({
        alert: c.alertType,
        change: c.change,
        old: c.oldValue,
        value: JSON.parse(c.newValue!) as unknown,
        at: c.detectedAt.toISOString(),
      })),
    ).toEqual([
      {
        alert: 'new_filing',
        change: 'updated',
        old: null,
        value: {
          transaction_id: 'MzQ3Nzc3Nzc3MmFkaXF6a2N4',
          category: 'accounts',
          type: 'AA',
          date: '2026-08-15',
          description: 'new AA filing: Micro-entity accounts made up to 2025-11-30, 2026-08-15',
        },
        at: LATER_AT.toISOString(),
      },
      {
        alert: 'new_filing',
        change: 'updated',
        old: null,
        value: {
          transaction_id: 'MzQ4ODg4ODg4MWFkaXF6a2N4',
          category: 'address',
          type: 'AD01',
          date: '2026-11-01',
          description:
            'new AD01 filing: Registered office moved from Flat 4, 27 Old Street, London, EC1V 9HL to 1 City Road, London, EC1V 2AB on 2026-11-01, 2026-11-01',
        },
        at: LATER_AT.toISOString(),
      },
    ]);
    // Importing the same page again announces nothing more.
    const again = await importFilingHistoryFile(
      app.services.orm.em.fork(),
      '09876543',
      fixture('09876543-filing-history-later.json'),
      { source: 'import', detectedAt: LATER_AT },
    );
    expect(again).toEqual({ status: 'imported', baseline: false, changes: 0 });
    expect(await filingChanges()).toHaveLength(2);
  });

  it('writes nothing for a company the register does not hold', async () => {
    const outcome = await importFilingHistoryFile(
      app.services.orm.em.fork(),
      '99999999',
      fixture('09876543-filing-history.json'),
      { source: 'import', detectedAt: LATER_AT },
    );
    expect(outcome).toEqual({ status: 'unknown_company' });
    expect(await app.services.orm.em.fork().count(FilingEntity, { companyNumber: '99999999' })).toBe(0);
  });
});
