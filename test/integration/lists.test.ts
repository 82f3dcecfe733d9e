import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { CompanyEntity } from '../../src/db/entities/company';
import { setPlan } from '../../src/domain/accounts/accounts';
import { CompanyListEntity } from '../../src/db/entities/company-list';
import { ListCompanyEntity } from '../../src/db/entities/list-company';
import { findOrCreateDefaultList } from '../../src/domain/lists/default-list';
import { addCompaniesToList } from '../../src/domain/lists/list-membership';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import { connectMcp, toolError } from '../support/mcp-client';
import { projectRoot } from '../support/paths';
import { request, signUp, startTestApp, type TestApp } from '../support/test-app';
import type { ErrorBody } from '../support/test-app';

const fixture = join(projectRoot, 'test/fixtures/companies/basic-company-data-sample.csv');
/** Accepted by the address rules only because the test app lists it as a development origin. */
const DEV_ORIGIN = 'http://127.0.0.1:9';

interface ListView {
  id: number;
  name: string;
  kind: string;
  is_default: boolean;
  company_count: number;
  overdue_filings: number;
  alert_count: number;
  health_grades: Record<string, number>;
  webhook_url: string | null;
  alert_webhook: boolean;
  sanctions_alerts: boolean;
  created_at: string;
}

interface AddReply {
  list: { id: number; name: string; kind: string; is_default: boolean; created: boolean };
  added: number;
  already_on_list: number;
  not_found: number;
  results: { company_number: string; company_name: string | null; outcome: string }[];
}

interface CompaniesPage {
  list: { id: number; name: string };
  items: {
    company_number: string;
    company_name: string;
    company_status: string;
    added_at: string;
    accounts: { next_due: string | null; overdue: boolean };
    confirmation_statement: { next_due: string | null; overdue: boolean };
  }[];
  total: number;
  limit: number;
  offset: number;
  next_offset: number | null;
}

describe('lists (REST)', () => {
  let app: TestApp;
  let key: string;
  let other: string;

  const createList = (body: unknown, apiKey = key) =>
    request<ListView & ErrorBody>(app, 'POST', '/lists', { key: apiKey, body });
  const getLists = (apiKey = key) => request<{ lists: ListView[] }>(app, 'GET', '/lists', { key: apiKey });
  const add = (body: unknown, apiKey = key) =>
    request<AddReply & ErrorBody>(app, 'POST', '/lists/companies', { key: apiKey, body });
  const companies = (listId: number, query = '', apiKey = key) =>
    request<CompaniesPage & ErrorBody>(app, 'GET', `/lists/${listId}/companies${query}`, { key: apiKey });
  const patch = (listId: number, body: unknown, apiKey = key) =>
    request<ListView & ErrorBody>(app, 'PATCH', `/lists/${listId}`, { key: apiKey, body });

  beforeAll(async () => {
    app = await startTestApp({ WEBHOOK_DEV_ALLOWED_ORIGINS: DEV_ORIGIN });
    await importCompaniesCsv(app.services.orm.em.fork(), fixture, { asOf: new Date('2026-11-22T00:00:00Z') });
    // Due dates that make "overdue" differ company by company, whatever day the suite runs on (the fixture's
    // own dates are all past): accounts only, confirmation statement only, neither, and a dissolved company
    // whose past dates no longer count. 12345678 keeps both of its past dates.
    const em = app.services.orm.em.fork();
    const future = '2099-01-01';
    await em.nativeUpdate(CompanyEntity, { companyNumber: '09876543' }, { nextAccountsDue: future });
    await em.nativeUpdate(
      CompanyEntity,
      { companyNumber: 'SC412345' },
      { confirmationStatementNextDue: future },
    );
    await em.nativeUpdate(
      CompanyEntity,
      { companyNumber: '08123456' },
      { nextAccountsDue: future, confirmationStatementNextDue: future },
    );
    await em.nativeUpdate(CompanyEntity, { companyNumber: '15678901' }, { companyStatus: 'dissolved' });
    // Team: this suite makes more calls a minute than Free allows; the quota has its own tests below.
    const mine = await signUp(app);
    const theirs = await signUp(app);
    await setPlan(app.services.orm.em.fork(), mine.account_id, 'team');
    await setPlan(app.services.orm.em.fork(), theirs.account_id, 'team');
    key = mine.api_key;
    other = theirs.api_key;
  });
  afterAll(() => app?.stop());

  it('creates a list (201) and shows it in get_lists with zero counts', async () => {
    const created = await createList({ name: '  Key clients ', kind: 'clients' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: 'Key clients',
      kind: 'clients',
      is_default: false,
      company_count: 0,
      overdue_filings: 0,
      alert_count: 0,
      health_grades: { A: 0, B: 0, C: 0, D: 0, E: 0, unscored: 0 },
      webhook_url: null,
      alert_webhook: false,
      sanctions_alerts: false,
      standard_webhooks: false,
      alert_types: [],
      min_severity: 'info',
      webhook_health: null,
      open_potential_matches: 0,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    const { body } = await getLists();
    expect(body.lists).toContainEqual(created.body);
    // Lists are per account.
    expect((await getLists(other)).body.lists).toEqual([]);
  });

  it('refuses a duplicate name in the account (409), whatever its case, but not in another account', async () => {
    expect((await createList({ name: 'Suppliers', kind: 'suppliers' })).status).toBe(201);
    const duplicate = await createList({ name: ' suppliers', kind: 'prospects' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toMatchObject({ code: 'conflict', details: { field: 'name' } });
    expect((await createList({ name: 'Suppliers', kind: 'suppliers' }, other)).status).toBe(201);
  });

  it('refuses an invalid kind, an empty or too long name, and unknown fields (400)', async () => {
    const cases: [unknown, string][] = [
      [{ name: 'X', kind: 'friends' }, 'kind'],
      [{ name: '   ', kind: 'clients' }, 'name'],
      [{ name: 'n'.repeat(101), kind: 'clients' }, 'name'],
      [{ kind: 'clients' }, 'name'],
      [{ name: 'X', kind: 'clients', colour: 'red' }, '(body)'],
    ];
    for (const [body, argument] of cases) {
      const response = await createList(body);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('invalid_argument');
      expect(response.body.error.details.problems).toContainEqual(expect.objectContaining({ argument }));
    }
    expect((await createList({ name: 'n'.repeat(100), kind: 'prospects' })).status).toBe(201);
  });

  it('adds companies to a named list, reporting each number; a repeat reports them as already there', async () => {
    const list = (await createList({ name: 'Adds', kind: 'portfolio' })).body;
    const first = await add({
      list_id: list.id,
      company_numbers: ['9876543', 'sc412345', '09876543', '99999999'],
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      list: { id: list.id, name: 'Adds', kind: 'portfolio', is_default: false, created: false },
      added: 2,
      already_on_list: 0,
      not_found: 1,
      results: [
        { company_number: '09876543', company_name: 'ACORN LEAF CONSULTING LTD', outcome: 'added' },
        { company_number: 'SC412345', company_name: 'HIGHLAND TIMBER SUPPLIES LIMITED', outcome: 'added' },
        { company_number: '99999999', company_name: null, outcome: 'not_found' },
      ],
    });
    const again = await add({ list_id: list.id, company_numbers: ['SC412345', '01234567'] });
    expect(again.body.results.map((r) => r.outcome)).toEqual(['already_on_list', 'added']);
    expect((await companies(list.id)).body.total).toBe(3);
  });

  it('refuses a malformed number naming it (400 invalid_company_number) and adds none of the others', async () => {
    const list = (await createList({ name: 'Malformed', kind: 'clients' })).body;
    const response = await add({ list_id: list.id, company_numbers: ['01234567', 'XX12'] });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({
      code: 'invalid_company_number',
      details: { argument: 'company_numbers', company_number: 'XX12' },
    });
    expect((await companies(list.id)).body.total).toBe(0);
  });

  it('refuses an empty or too long company_numbers array (400)', async () => {
    const list = (await createList({ name: 'Sizes', kind: 'clients' })).body;
    const tooMany = Array.from({ length: 101 }, (_, i) => String(10_000_000 + i));
    for (const numbers of [[], tooMany]) {
      const response = await add({ list_id: list.id, company_numbers: numbers });
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({
        code: 'invalid_argument',
        details: { problems: [expect.objectContaining({ argument: 'company_numbers' })] },
      });
    }
    const hundred = await add({ list_id: list.id, company_numbers: tooMany.slice(0, 100) });
    expect(hundred.status).toBe(200);
    expect(hundred.body.not_found).toBe(100);
  });

  it('creates the default list once, reuses it, and creates a new one after it is deleted', async () => {
    const { api_key } = await signUp(app);
    const first = await add({ company_numbers: ['01234567'] }, api_key);
    expect(first.status).toBe(200);
    expect(first.body.list).toMatchObject({
      name: 'Default',
      kind: 'portfolio',
      is_default: true,
      created: true,
    });
    const second = await add({ company_numbers: ['12345678'] }, api_key);
    expect(second.body.list).toMatchObject({ id: first.body.list.id, created: false });
    const lists = (await getLists(api_key)).body.lists;
    expect(lists).toHaveLength(1);
    expect(lists[0]).toMatchObject({ id: first.body.list.id, is_default: true, company_count: 2 });

    expect((await request(app, 'DELETE', `/lists/${first.body.list.id}`, { key: api_key })).status).toBe(200);
    const third = await add({ company_numbers: ['01234567'] }, api_key);
    expect(third.body.list.created).toBe(true);
    expect(third.body.list.id).not.toBe(first.body.list.id);
  });

  it('makes every concurrent first add land on one default list', async () => {
    const { api_key } = await signUp(app);
    const replies = await Promise.all(
      ['01234567', '12345678', '09876543', 'SC412345', 'OC398765'].map((n) =>
        add({ company_numbers: [n] }, api_key),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(replies.map((r) => r.body.list.id)).size).toBe(1);
    expect(replies.filter((r) => r.body.list.created)).toHaveLength(1);
    expect((await getLists(api_key)).body.lists).toEqual([
      expect.objectContaining({ is_default: true, company_count: 5 }),
    ]);
  });

  it('survives the race itself: parallel first calls in the domain all end on one default list', async () => {
    // Straight at the domain, so the five lookups all run before any insert (over HTTP the quota charge
    // staggers the calls and the race may not happen).
    const { account_id } = await signUp(app);
    const now = new Date();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => findOrCreateDefaultList(app.services.orm.em.fork(), account_id, now)),
    );
    expect(new Set(results.map((r) => r.list.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
  });

  it('adds the same company from parallel calls once, without an error', async () => {
    const list = (await createList({ name: 'Parallel', kind: 'clients' })).body;
    const now = new Date();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        addCompaniesToList(app.services.orm.em.fork(), list.id, ['01234567', 'SC412345'], now),
      ),
    );
    expect(results).toHaveLength(5);
    expect((await companies(list.id)).body.total).toBe(2);
  });

  it('adopts a list the customer already named "Default" as the default list', async () => {
    const { api_key } = await signUp(app);
    const mine = (await createList({ name: 'default', kind: 'clients' }, api_key)).body;
    const reply = await add({ company_numbers: ['01234567'] }, api_key);
    expect(reply.body.list).toEqual({
      id: mine.id,
      name: 'default',
      kind: 'clients',
      is_default: true,
      created: false,
    });
    expect((await getLists(api_key)).body.lists).toHaveLength(1);
  });

  describe('a list with overdue and up-to-date companies', () => {
    let listId: number;
    beforeAll(async () => {
      listId = (await createList({ name: 'Overdue mix', kind: 'portfolio' })).body.id;
      await add({ list_id: listId, company_numbers: ['12345678'] });
      // A later add, so added_at orders 12345678 first.
      await new Promise((resolve) => setTimeout(resolve, 20));
      await add({ list_id: listId, company_numbers: ['09876543', 'SC412345', '08123456', '15678901'] });
    });

    it('counts companies and overdue filings in get_lists', async () => {
      const list = (await getLists()).body.lists.find((l) => l.id === listId);
      expect(list).toMatchObject({ company_count: 5, overdue_filings: 3, alert_count: 0 });
    });

    it('gives each company its overdue flags', async () => {
      const { body } = await companies(listId, '?sort=number');
      const flags = Object.fromEntries(
        body.items.map((c) => [c.company_number, [c.accounts.overdue, c.confirmation_statement.overdue]]),
      );
      expect(flags).toEqual({
        '08123456': [false, false],
        '09876543': [false, true],
        '12345678': [true, true],
        '15678901': [false, false],
        SC412345: [true, false],
      });
      expect(body.items[0]).toMatchObject({
        company_name: 'THE "BLUE DOOR" GALLERY LIMITED',
        company_status: 'active',
        accounts: { next_due: '2099-01-01' },
      });
      // Read back from the raw row through the entity's mapping (SQLite holds epoch milliseconds).
      expect(Math.abs(Date.parse(body.items[0]!.added_at) - Date.now())).toBeLessThan(60_000);
    });

    it('filters by overdue and by status', async () => {
      const numbers = async (query: string) =>
        (await companies(listId, query)).body.items.map((c) => c.company_number);
      expect(await numbers('?overdue=true')).toEqual(['09876543', 'SC412345', '12345678']);
      expect(await numbers('?overdue=false')).toEqual(['08123456', '15678901']);
      expect(await numbers('?status=dissolved')).toEqual(['15678901']);
      expect(await numbers('?status=active&overdue=false')).toEqual(['08123456']);
      expect((await companies(listId, '?overdue=maybe')).status).toBe(400);
      expect((await companies(listId, '?status=sleeping')).status).toBe(400);
    });

    it('sorts by name, number and added_at, both ways', async () => {
      const numbers = async (query: string) =>
        (await companies(listId, query)).body.items.map((c) => c.company_number);
      // By the normalised name: THE "BLUE DOOR" GALLERY sorts as BLUE DOOR GALLERY.
      const byName = ['09876543', '08123456', '15678901', 'SC412345', '12345678'];
      expect(await numbers('')).toEqual(byName);
      expect(await numbers('?sort=name&order=desc')).toEqual([...byName].reverse());
      expect(await numbers('?sort=number')).toEqual([
        '08123456',
        '09876543',
        '12345678',
        '15678901',
        'SC412345',
      ]);
      expect(await numbers('?sort=number&order=desc')).toEqual([
        'SC412345',
        '15678901',
        '12345678',
        '09876543',
        '08123456',
      ]);
      expect((await numbers('?sort=added_at'))[0]).toBe('12345678');
      expect((await numbers('?sort=added_at&order=desc')).at(-1)).toBe('12345678');
      expect((await companies(listId, '?sort=size')).status).toBe(400);
    });

    it('pages with limit and offset', async () => {
      const first = (await companies(listId, '?sort=number&limit=2')).body;
      expect(first).toMatchObject({ total: 5, limit: 2, offset: 0, next_offset: 2 });
      expect(first.items.map((c) => c.company_number)).toEqual(['08123456', '09876543']);
      const last = (await companies(listId, '?sort=number&limit=2&offset=4')).body;
      expect(last.items.map((c) => c.company_number)).toEqual(['SC412345']);
      expect(last.next_offset).toBeNull();
      expect((await companies(listId, '?limit=101')).status).toBe(400);
    });
  });

  it('answers 404 for an unknown list and for another account’s list on every list endpoint', async () => {
    const foreign = (await createList({ name: 'Theirs', kind: 'clients' }, other)).body;
    await add({ list_id: foreign.id, company_numbers: ['01234567'] }, other);
    for (const id of [foreign.id, 2_000_000_000]) {
      const responses = [
        await companies(id),
        await add({ list_id: id, company_numbers: ['01234567'] }),
        await patch(id, { alert_webhook: false }),
        await request<ErrorBody>(app, 'DELETE', `/lists/${id}/companies/01234567`, { key }),
        await request<ErrorBody>(app, 'DELETE', `/lists/${id}`, { key }),
      ];
      for (const response of responses) {
        expect(response.status).toBe(404);
        expect(response.body.error.code).toBe('not_found');
      }
    }
    // Untouched by any of it.
    expect((await getLists(other)).body.lists.find((l) => l.id === foreign.id)).toMatchObject({
      company_count: 1,
      alert_webhook: false,
    });
    expect((await companies(0)).status).toBe(400);
    expect((await companies(Number.MAX_SAFE_INTEGER)).status).toBe(400);
  });

  describe('PATCH /lists/{id}', () => {
    let listId: number;
    beforeAll(async () => {
      listId = (await createList({ name: 'Webhooked', kind: 'clients' })).body.id;
    });

    it('sets webhook_url and alert_webhook and answers with the list', async () => {
      const response = await patch(listId, {
        webhook_url: 'https://hooks.example.com/lists',
        alert_webhook: true,
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: listId,
        webhook_url: 'https://hooks.example.com/lists',
        alert_webhook: true,
      });
      expect((await getLists()).body.lists.find((l) => l.id === listId)).toMatchObject({
        webhook_url: 'https://hooks.example.com/lists',
        alert_webhook: true,
      });
    });

    it('refuses addresses that break the rules with 422 and the rule, leaving the list as it was', async () => {
      const cases: [string, string][] = [
        ['http://hooks.example.com/x', 'scheme_not_https'],
        ['https://hooks.example.com:8443/x', 'port_not_443'],
        ['https://user:pw@hooks.example.com/x', 'credentials_not_allowed'],
        ['https://printer.local/x', 'host_not_public'],
        ['https://10.1.2.3/x', 'private_address'],
        ['not a url', 'malformed_url'],
      ];
      for (const [url, rule] of cases) {
        const response = await patch(listId, { webhook_url: url, alert_webhook: true });
        expect(response.status).toBe(422);
        expect(response.body.error).toMatchObject({
          code: 'webhook_address_refused',
          details: { rule, url },
        });
      }
      expect((await getLists()).body.lists.find((l) => l.id === listId)?.webhook_url).toBe(
        'https://hooks.example.com/lists',
      );
    });

    it('accepts a development origin the configuration allows', async () => {
      const response = await patch(listId, { webhook_url: `${DEV_ORIGIN}/hook` });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ webhook_url: `${DEV_ORIGIN}/hook`, alert_webhook: true });
    });

    it('clears the address with null, which turns sending off', async () => {
      const response = await patch(listId, { webhook_url: null });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ webhook_url: null, alert_webhook: false });
    });

    it('sets sanctions_alerts (off by default) only with an address; clearing the address turns it off', async () => {
      const list = (await createList({ name: 'Sanctions alerts', kind: 'clients' })).body;
      expect(list.sanctions_alerts).toBe(false);
      const without = await patch(list.id, { sanctions_alerts: true });
      expect(without.status).toBe(400);
      expect(without.body.error.details.problems).toEqual([
        expect.objectContaining({ argument: 'sanctions_alerts' }),
      ]);
      const on = await patch(list.id, { webhook_url: 'https://hooks.example.com/s', sanctions_alerts: true });
      expect(on.status).toBe(200);
      // Its own switch: company alerts stay off.
      expect(on.body).toMatchObject({ sanctions_alerts: true, alert_webhook: false });
      expect((await getLists()).body.lists.find((l) => l.id === list.id)).toMatchObject({
        sanctions_alerts: true,
        open_potential_matches: 0,
      });
      expect((await patch(list.id, { sanctions_alerts: 'yes' })).status).toBe(400);
      expect((await patch(list.id, { webhook_url: null })).body).toMatchObject({ sanctions_alerts: false });
    });

    it('refuses alert_webhook true without an address, and an empty or mistyped body (400)', async () => {
      const on = await patch(listId, { alert_webhook: true });
      expect(on.status).toBe(400);
      expect(on.body.error.details.problems).toEqual([
        expect.objectContaining({ argument: 'alert_webhook' }),
      ]);
      expect((await patch(listId, {})).status).toBe(400);
      expect((await patch(listId, { alert_webhook: 'yes' })).status).toBe(400);
      expect((await patch(listId, { webhook_url: '' })).status).toBe(400);
    });
  });

  describe('PATCH /lists/{id} with a name (rename)', () => {
    it('renames a list, trimmed; its own name in another case is allowed, and get_lists shows the new name', async () => {
      const list = (await createList({ name: 'Before', kind: 'clients' })).body;
      const renamed = await patch(list.id, { name: '  After  ' });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ id: list.id, name: 'After', kind: 'clients', webhook_url: null });
      expect((await patch(list.id, { name: 'AFTER' })).body.name).toBe('AFTER');
      expect((await getLists()).body.lists.find((l) => l.id === list.id)?.name).toBe('AFTER');
      // The old name is free again; the new one is taken, whatever its case.
      expect((await createList({ name: 'before', kind: 'clients' })).status).toBe(201);
      expect((await createList({ name: 'after', kind: 'clients' })).status).toBe(409);
    });

    it('refuses create_list’s bad names with the same codes, changing nothing', async () => {
      const list = (await createList({ name: 'Keeper', kind: 'portfolio' })).body;
      await createList({ name: 'Taken name', kind: 'portfolio' });
      const taken = await patch(list.id, { name: ' TAKEN NAME ' });
      expect(taken.status).toBe(409);
      expect(taken.body.error).toMatchObject({
        code: 'conflict',
        message: 'A list named "TAKEN NAME" already exists',
        details: { field: 'name' },
      });
      const cases: unknown[] = [
        { name: '' },
        { name: '   ' },
        { name: 'n'.repeat(101) },
        { name: 42 },
        { name: null },
      ];
      for (const body of cases) {
        const response = await patch(list.id, body);
        expect({ body, status: response.status }).toEqual({ body, status: 400 });
        expect(response.body.error.code).toBe('invalid_argument');
        expect(response.body.error.details.problems).toContainEqual(
          expect.objectContaining({ argument: 'name' }),
        );
      }
      expect((await getLists()).body.lists.find((l) => l.id === list.id)?.name).toBe('Keeper');
      // Another account's list of that name is no conflict.
      expect((await patch(list.id, { name: 'Theirs too' })).status).toBe(200);
      const theirs = (await createList({ name: 'Theirs again', kind: 'clients' }, other)).body;
      expect((await patch(theirs.id, { name: 'Theirs too' }, other)).status).toBe(200);
      expect((await patch(theirs.id, { name: 'Stolen' })).status).toBe(404);
    });

    it('saves a rename and a webhook change together or not at all', async () => {
      const list = (await createList({ name: 'Both', kind: 'clients' })).body;
      await createList({ name: 'Occupied', kind: 'clients' });
      const badAddress = await patch(list.id, {
        name: 'Both renamed',
        webhook_url: 'http://hooks.example.com/x',
      });
      expect(badAddress.status).toBe(422);
      const badName = await patch(list.id, {
        name: 'occupied',
        webhook_url: 'https://hooks.example.com/both',
        alert_webhook: true,
      });
      expect(badName.status).toBe(409);
      expect((await getLists()).body.lists.find((l) => l.id === list.id)).toMatchObject({
        name: 'Both',
        webhook_url: null,
        alert_webhook: false,
      });
      const together = await patch(list.id, {
        name: 'Both renamed',
        webhook_url: 'https://hooks.example.com/both',
        alert_webhook: true,
      });
      expect(together.status).toBe(200);
      expect(together.body).toMatchObject({
        name: 'Both renamed',
        webhook_url: 'https://hooks.example.com/both',
        alert_webhook: true,
      });
    });
  });

  it('removes a company from a list, then answers 404 for it; a malformed number is 400', async () => {
    const list = (await createList({ name: 'Removals', kind: 'clients' })).body;
    await add({ list_id: list.id, company_numbers: ['09876543', '01234567'] });
    const removed = await request(app, 'DELETE', `/lists/${list.id}/companies/9876543`, { key });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ list_id: list.id, company_number: '09876543', removed: true });
    expect((await companies(list.id)).body.items.map((c) => c.company_number)).toEqual(['01234567']);
    const again = await request<ErrorBody>(app, 'DELETE', `/lists/${list.id}/companies/09876543`, { key });
    expect(again.status).toBe(404);
    const malformed = await request<ErrorBody>(app, 'DELETE', `/lists/${list.id}/companies/XX12`, { key });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('invalid_company_number');
  });

  it('deletes a list with its memberships', async () => {
    const list = (await createList({ name: 'Doomed', kind: 'prospects' })).body;
    await add({ list_id: list.id, company_numbers: ['09876543', '01234567'] });
    const deleted = await request(app, 'DELETE', `/lists/${list.id}`, { key });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: list.id, deleted: true });
    expect((await companies(list.id)).status).toBe(404);
    expect((await getLists()).body.lists.map((l) => l.id)).not.toContain(list.id);
    expect(await app.services.orm.em.fork().count(ListCompanyEntity, { listId: list.id })).toBe(0);
    // The name is free again.
    expect((await createList({ name: 'Doomed', kind: 'prospects' })).status).toBe(201);
  });
});

describe('lists (MCP tools)', () => {
  let app: TestApp;
  let client: Client;
  let otherKey: string;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);

  beforeAll(async () => {
    app = await startTestApp();
    await importCompaniesCsv(app.services.orm.em.fork(), fixture, { asOf: new Date('2026-11-22T00:00:00Z') });
    client = await connectMcp(app, (await signUp(app)).api_key);
    otherKey = (await signUp(app)).api_key;
  });
  afterAll(async () => {
    await client?.close();
    await app?.stop();
  });

  it('lists the four list tools with true annotations, and none of the REST-only operations', async () => {
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true };
    expect(byName.get('get_lists')?.annotations).toMatchObject(readOnly);
    expect(byName.get('get_list_companies')?.annotations).toMatchObject(readOnly);
    expect(byName.get('create_list')?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
    });
    expect(byName.get('add_companies_to_list')?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
    });
    for (const name of ['update_list', 'remove_company_from_list', 'delete_list', 'add_to_watchlist']) {
      expect(byName.has(name)).toBe(false);
    }
    expect(byName.get('get_lists')?.description).toMatch(/Lowest plan: free\. Costs 1 request\.$/);
    const addTool = byName.get('add_companies_to_list')!;
    expect(addTool.description).toMatch(/Costs 1 request with list_id, 2 without/);
    expect(addTool.description).not.toMatch(/Costs \[object|Costs \(input/);
  });

  it('runs each list tool with structuredContent valid against its output schema', async () => {
    const { tools } = await client.listTools();
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError).toBeFalsy();
      const validate = ajv.compile(tools.find((t) => t.name === name)!.outputSchema!);
      validate(result.structuredContent);
      expect(validate.errors ?? []).toEqual([]);
      const [text] = result.content as { text: string }[];
      expect(JSON.parse(text!.text)).toEqual(result.structuredContent);
      return result.structuredContent as Record<string, unknown>;
    };
    const created = (await call('create_list', {
      name: 'Agent list',
      kind: 'prospects',
    })) as unknown as ListView;
    expect(created).toMatchObject({ name: 'Agent list', kind: 'prospects', company_count: 0 });
    const added = (await call('add_companies_to_list', {
      list_id: created.id,
      company_numbers: ['01234567', 'NI612345', '99999999'],
    })) as unknown as AddReply;
    expect(added).toMatchObject({ added: 2, not_found: 1 });
    const toDefault = (await call('add_companies_to_list', {
      company_numbers: ['OC398765'],
    })) as unknown as AddReply;
    expect(toDefault.list).toMatchObject({ name: 'Default', created: true });
    const lists = (await call('get_lists', {})) as { lists: ListView[] };
    expect(lists.lists.map((l) => [l.name, l.company_count])).toEqual([
      ['Agent list', 2],
      ['Default', 1],
    ]);
    const page = (await call('get_list_companies', {
      list_id: created.id,
      sort: 'number',
      order: 'desc',
      overdue: true,
    })) as unknown as CompaniesPage;
    expect(page.items.map((c) => c.company_number)).toEqual(['NI612345', '01234567']);
  });

  it('sees a REST rename: get_lists shows the new name, and create_list refuses it as taken', async () => {
    const key = (await signUp(app)).api_key;
    const agent = await connectMcp(app, key);
    try {
      const created = await agent.callTool({
        name: 'create_list',
        arguments: { name: 'Old name', kind: 'clients' },
      });
      const { id } = created.structuredContent as { id: number };
      const renamed = await request(app, 'PATCH', `/lists/${id}`, { key, body: { name: 'New name' } });
      expect(renamed.status).toBe(200);
      const lists = await agent.callTool({ name: 'get_lists', arguments: {} });
      expect((lists.structuredContent as { lists: ListView[] }).lists.map((l) => l.name)).toEqual([
        'New name',
      ]);
      const taken = await agent.callTool({
        name: 'create_list',
        arguments: { name: 'NEW NAME', kind: 'clients' },
      });
      expect(toolError(taken).code).toBe('conflict');
      const free = await agent.callTool({
        name: 'create_list',
        arguments: { name: 'Old name', kind: 'clients' },
      });
      expect(free.isError).toBeFalsy();
    } finally {
      await agent.close();
    }
  });

  it('answers bad tool input with isError results and stable codes', async () => {
    const foreign = (
      await request<ListView>(app, 'POST', '/lists', {
        key: otherKey,
        body: { name: 'Theirs', kind: 'clients' },
      })
    ).body;
    const cases: [string, Record<string, unknown>, string][] = [
      ['create_list', { name: 'Bad', kind: 'friends' }, 'invalid_argument'],
      ['create_list', { name: '', kind: 'clients' }, 'invalid_argument'],
      ['get_list_companies', { list_id: foreign.id }, 'not_found'],
      ['get_list_companies', { list_id: 2_000_000_000 }, 'not_found'],
      ['add_companies_to_list', { list_id: foreign.id, company_numbers: ['01234567'] }, 'not_found'],
      ['add_companies_to_list', { company_numbers: ['not-a-number'] }, 'invalid_company_number'],
      ['add_companies_to_list', { company_numbers: [] }, 'invalid_argument'],
    ];
    for (const [name, args, code] of cases) {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError).toBe(true);
      expect(toolError(result).code).toBe(code);
    }
    await client.callTool({ name: 'create_list', arguments: { name: 'Twice', kind: 'clients' } });
    const twice = await client.callTool({
      name: 'create_list',
      arguments: { name: 'Twice', kind: 'clients' },
    });
    expect(toolError(twice).code).toBe('conflict');
  });
});

describe('add_companies_to_list costs two requests without a list', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
    await importCompaniesCsv(app.services.orm.em.fork(), fixture, { asOf: new Date('2026-11-22T00:00:00Z') });
  });
  afterAll(() => app?.stop());

  /** A Free account that has used `used` of its 30 requests this minute. */
  async function freeKeyWithUsed(used: number): Promise<{ key: string; accountId: string }> {
    const { api_key, account_id } = await signUp(app);
    for (let i = 0; i < used; i++) {
      expect((await request(app, 'GET', '/lists', { key: api_key })).status).toBe(200);
    }
    return { key: api_key, accountId: account_id };
  }

  it('with 29 used, a call naming its list (one request) still goes through', async () => {
    const { key } = await freeKeyWithUsed(28);
    const list = await request<ListView>(app, 'POST', '/lists', {
      key,
      body: { name: 'L', kind: 'clients' },
    });
    const response = await request(app, 'POST', '/lists/companies', {
      key,
      body: { list_id: list.body.id, company_numbers: ['01234567'] },
    });
    expect(response.status).toBe(200);
    expect((await request(app, 'GET', '/lists', { key })).status).toBe(429);
  });

  it('with 29 used, a call without a list is rate_limited (MCP) and creates no default list', async () => {
    const { key, accountId } = await freeKeyWithUsed(29);
    const client = await connectMcp(app, key);
    const result = await client.callTool({
      name: 'add_companies_to_list',
      arguments: { company_numbers: ['01234567'] },
    });
    await client.close();
    expect(result.isError).toBe(true);
    expect(toolError(result)).toMatchObject({
      code: 'rate_limited',
      details: { limit: 'requests_per_minute' },
    });
    expect(await app.services.orm.em.fork().count(CompanyListEntity, { accountId })).toBe(0);
  });

  it('with 28 used, a call without a list goes through and uses the last two requests', async () => {
    const { key } = await freeKeyWithUsed(28);
    const response = await request<AddReply>(app, 'POST', '/lists/companies', {
      key,
      body: { company_numbers: ['01234567'] },
    });
    expect(response.status).toBe(200);
    expect(response.body.list.created).toBe(true);
    expect((await request(app, 'GET', '/lists', { key })).status).toBe(429);
  });
});
