import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accountForApiKey, setPlan } from '../../../src/domain/accounts/accounts';
import { BASIC_COMPANY_DATA_HEADER_LINE } from '../../../src/ingest/companies-house/companies-csv';
import { importCompaniesCsv } from '../../../src/ingest/companies-house/import-companies';
import { CSV_COLUMN, csvRow } from '../../support/company-csv-rows';
import { projectRoot } from '../../support/paths';
import { request, startTestApp, type TestApp } from '../../support/test-app';
import {
  WebClient,
  csrfTokenIn,
  signInThroughPages,
  signUpThroughPages,
  type WebResponse,
} from '../../support/web-client';

const fixture = join(projectRoot, 'test/fixtures/companies/basic-company-data-sample.csv');

/** 60 made-up companies, every third in liquidation: more than a page (50) of a list, whatever the filter. */
const oaks = Array.from({ length: 60 }, (_, i) => ({
  number: `070000${String(i).padStart(2, '0')}`,
  name: `OAK ${String(i).padStart(2, '0')} LIMITED`,
  status: i % 3 === 0 ? 'Liquidation' : 'Active',
}));

async function importOaks(app: TestApp) {
  const dir = mkdtempSync(join(tmpdir(), 'web-lists-'));
  try {
    const file = join(dir, 'oaks.csv');
    const rows = oaks.map((oak) =>
      csvRow({
        [CSV_COLUMN.NAME]: oak.name,
        [CSV_COLUMN.NUMBER]: oak.number,
        [CSV_COLUMN.STATUS]: oak.status,
      }),
    );
    writeFileSync(file, [BASIC_COMPANY_DATA_HEADER_LINE, ...rows, ''].join('\n'));
    await importCompaniesCsv(app.services.orm.em.fork(), file, { asOf: new Date('2026-11-22T00:00:00Z') });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface ApiList {
  id: number;
  name: string;
  company_count: number;
}

describe('web app: lists pages', () => {
  let app: TestApp;
  let client: WebClient;
  let key: string;
  /** Every page the signed-in user has been shown, to check none of them holds the key. */
  const seen: WebResponse[] = [];

  const apiLists = async () =>
    (await request<{ lists: ApiList[] }>(app, 'GET', '/lists', { key })).body.lists;
  const apiCompanies = async (listId: number) =>
    (
      await request<{ items: { company_number: string }[] }>(app, 'GET', `/lists/${listId}/companies`, {
        key,
      })
    ).body.items.map((c) => c.company_number);
  const show = async (path: string) => {
    const page = await client.get(path);
    seen.push(page);
    return page;
  };
  const submit = async (pagePath: string, action: string, fields: Record<string, string>) => {
    const page = await show(pagePath);
    const answer = await client.post(action, { csrf: csrfTokenIn(page.html), ...fields });
    seen.push(answer);
    return answer;
  };
  const createList = async (name: string, kind = 'clients') => {
    const answer = await submit('/app/lists', '/app/lists', { name, kind });
    expect(answer.status).toBe(303);
    return Number(/^\/app\/lists\/(\d+)$/.exec(answer.location!)![1]);
  };

  beforeAll(async () => {
    app = await startTestApp();
    await importCompaniesCsv(app.services.orm.em.fork(), fixture, { asOf: new Date('2026-11-22T00:00:00Z') });
    await importOaks(app);
    client = new WebClient(app.url);
    ({ key } = await signUpThroughPages(client));
    const caller = (await accountForApiKey(app.services.orm.em.fork(), key))!;
    // Team: this suite views more pages a minute than Free allows (each view is an operation call).
    await setPlan(app.services.orm.em.fork(), caller.account.id, 'team');
    await signInThroughPages(client, key);
  });
  afterAll(async () => {
    // The key appears on no page shown after sign-up.
    for (const page of seen) expect(page.html).not.toContain(key);
    await app?.stop();
  });

  it('sends a signed-out visitor of a lists page to sign in', async () => {
    const visitor = new WebClient(app.url);
    const answer = await visitor.get('/app/lists');
    expect(answer.status).toBe(303);
    expect(answer.location).toBe('/app/sign-in');
    expect((await visitor.get('/app')).status).toBe(200);
  });

  it('shows an empty account, then a created list with its counts, in a table with headers', async () => {
    expect((await show('/app/lists')).html).toContain('No lists yet');
    const id = await createList('  Key clients ');
    const page = await show('/app/lists');
    expect(page.status).toBe(200);
    expect(page.html).toContain(`<a href="/app/lists/${id}">Key clients</a>`);
    expect(page.html).toContain('<th scope="col">Companies</th>');
    expect(page.html).toContain('<label for="list-name">List name</label>');
    expect(page.html).toContain('id="create-list-form"');
    expect((await apiLists()).map((l) => l.name)).toEqual(['Key clients']);
  });

  it('shows create_list’s refusals next to the field and keeps what was typed', async () => {
    const empty = await submit('/app/lists', '/app/lists', { name: '   ', kind: 'clients' });
    expect(empty.status).toBe(400);
    expect(empty.html).toMatch(/<p class="field-error" id="list-name-error">/);
    const taken = await submit('/app/lists', '/app/lists', { name: 'KEY CLIENTS', kind: 'portfolio' });
    expect(taken.status).toBe(409);
    expect(taken.html).toMatch(/id="list-name-error">.*already exists/);
    expect(taken.html).toContain('value="KEY CLIENTS"');
    expect(taken.html).toMatch(/<option value="portfolio" selected/);
    const badKind = await submit('/app/lists', '/app/lists', { name: 'Odd', kind: 'friends' });
    expect(badKind.status).toBe(400);
    expect(badKind.html).toMatch(/id="list-kind-error"/);
    const noFields = await submit('/app/lists', '/app/lists', {});
    expect(noFields.status).toBe(400);
    expect((await apiLists()).map((l) => l.name)).toEqual(['Key clients']);
  });

  it('escapes what users type', async () => {
    const id = await createList('<script>alert(1)</script> & "friends"', 'prospects');
    const page = await show(`/app/lists/${id}`);
    expect(page.html).not.toContain('<script>alert(1)');
    expect(page.html).toContain('&lt;script>alert(1)&lt;/script> &amp; &quot;friends&quot;');
    expect((await submit(`/app/lists/${id}/delete`, `/app/lists/${id}/delete`, {})).status).toBe(303);
  });

  it('adds companies by number, shows each outcome, and refuses a malformed number next to the field', async () => {
    const id = await createList('Suppliers', 'suppliers');
    const added = await submit(`/app/lists/${id}`, `/app/lists/${id}/companies`, {
      company_numbers: '9876543, SC412345 99999999',
    });
    expect(added.status).toBe(200);
    expect(added.html).toMatch(/Added 2; already on the list 0; not on the register 1 \(99999999\)/);
    expect(added.html).toContain('ACORN LEAF CONSULTING LTD');
    expect(await apiCompanies(id)).toEqual(expect.arrayContaining(['09876543', 'SC412345']));

    const malformed = await submit(`/app/lists/${id}`, `/app/lists/${id}/companies`, {
      company_numbers: '01234567 NOT-A-NUMBER',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.html).toMatch(/id="company-number-error">/);
    expect(malformed.html).toContain('value="01234567 NOT-A-NUMBER"');
    expect(await apiCompanies(id)).not.toContain('01234567');

    const nothing = await submit(`/app/lists/${id}`, `/app/lists/${id}/companies`, { company_numbers: ' ' });
    expect(nothing.status).toBe(400);
    expect(nothing.html).toMatch(/id="company-number-error">/);

    const page = await show(`/app/lists/${id}`);
    expect(page.html).toContain('<label for="company-number">Company number</label>');
    expect(page.html).toContain('id="add-companies-form"');
    // Each company links to its own page.
    expect(page.html).toContain('<a href="/app/companies/SC412345">HIGHLAND TIMBER SUPPLIES LIMITED</a>');
  });

  it('removes a company with its button, and deletes a list after the confirm step', async () => {
    const id = await createList('Short-lived', 'portfolio');
    await submit(`/app/lists/${id}`, `/app/lists/${id}/companies`, { company_numbers: '08123456 12345678' });
    const page = await show(`/app/lists/${id}`);
    expect(page.html).toContain('THE &quot;BLUE DOOR&quot; GALLERY LIMITED');
    const removed = await client.post(`/app/lists/${id}/companies/08123456/remove`, {
      csrf: csrfTokenIn(page.html),
    });
    expect(removed.status).toBe(303);
    expect(removed.location).toBe(`/app/lists/${id}`);
    expect(await apiCompanies(id)).toEqual(['12345678']);
    const again = await client.post(`/app/lists/${id}/companies/08123456/remove`, {
      csrf: csrfTokenIn(page.html),
    });
    expect(again.status).toBe(404);
    const badNumber = await client.post(`/app/lists/${id}/companies/NOPE/remove`, {
      csrf: csrfTokenIn(page.html),
    });
    expect(badNumber.status).toBe(400);
    expect(badNumber.headers.get('content-type')).toMatch(/^text\/html/);

    const confirm = await show(`/app/lists/${id}/delete`);
    expect(confirm.status).toBe(200);
    expect(confirm.html).toContain('Delete the list “Short-lived”?');
    expect(confirm.html).toContain('id="delete-list-form"');
    expect((await apiLists()).map((l) => l.id)).toContain(id);
    const deleted = await client.post(`/app/lists/${id}/delete`, { csrf: csrfTokenIn(confirm.html) });
    expect(deleted.status).toBe(303);
    expect(deleted.location).toBe('/app/lists');
    expect((await apiLists()).map((l) => l.id)).not.toContain(id);
    expect((await show(`/app/lists/${id}`)).status).toBe(404);
  });

  it('answers another account’s list, and ids that cannot be lists, with an HTML 404 and no change', async () => {
    const mine = await createList('Mine');
    const stranger = new WebClient(app.url);
    const theirs = await signUpThroughPages(stranger);
    await signInThroughPages(stranger, theirs.key);
    const foreign = await stranger.get(`/app/lists/${mine}`);
    expect(foreign.status).toBe(404);
    expect(foreign.headers.get('content-type')).toMatch(/^text\/html/);
    expect(foreign.html).not.toContain('Mine');
    const token = csrfTokenIn((await stranger.get('/app/lists')).html);
    expect((await stranger.post(`/app/lists/${mine}/delete`, { csrf: token })).status).toBe(404);
    expect(
      (await stranger.post(`/app/lists/${mine}/companies`, { csrf: token, company_numbers: '09876543' }))
        .status,
    ).toBe(404);
    expect((await stranger.get(`/app/lists/${mine}/delete`)).status).toBe(404);
    expect((await apiLists()).map((l) => l.id)).toContain(mine);
    expect(await apiCompanies(mine)).toEqual([]);
    for (const id of ['abc', '0', '-1', '99999999999', '1.5']) {
      expect((await show(`/app/lists/${id}`)).status).toBe(404);
    }
    expect((await show('/app/lists/5?offset=-3')).status).toBeGreaterThanOrEqual(400);
  });

  it('filters and sorts a list’s companies as get_list_companies does, keeping the choices in paging links', async () => {
    const id = await createList('Oaks', 'portfolio');
    const added = await request(app, 'POST', '/lists/companies', {
      key,
      body: { list_id: id, company_numbers: oaks.map((oak) => oak.number) },
    });
    expect(added.status).toBe(200);
    const active = oaks.filter((oak) => oak.status === 'Active').map((oak) => oak.number);
    expect(active).toHaveLength(40);

    const all = await show(`/app/lists/${id}`);
    expect(all.html).toContain('<label for="filter-status">Status</label>');
    expect(all.html).toContain('<label for="filter-sort">Sort by</label>');
    expect(all.html).toMatch(/<a href="\/app\/lists\/\d+\?offset=50">Next page<\/a>/);

    // Active only, newest number first, 50 to a page: 40 rows, no next page.
    const first = await show(`/app/lists/${id}?status=active&sort=number&order=desc`);
    expect(first.status).toBe(200);
    expect(first.html).toMatch(/<option value="active" selected/);
    expect(first.html).toMatch(/<option value="desc" selected/);
    expect(first.html).toContain('with 40 companies matching the filters');
    expect(numbersIn(first.html)).toEqual([...active].reverse());

    // Liquidation by number: 20 rows; with two grades, a set arrives as repeated checkboxes. Nothing is scored,
    // so the health filter leaves none, and the page says why.
    const graded = await show(`/app/lists/${id}?status=liquidation&grade=A&grade=B`);
    expect(graded.status).toBe(200);
    expect(graded.html).toMatch(/id="filter-grade-A"[^>]*checked/);
    expect(graded.html).toContain('No company on this list matches the filters.');

    // Paging keeps the choices: page 2 of everything by number, descending.
    const page1 = await show(`/app/lists/${id}?sort=number&order=desc`);
    const next = /<a href="([^"]+)">Next page<\/a>/.exec(page1.html)![1]!.replaceAll('&amp;', '&');
    expect(next).toBe(`/app/lists/${id}?sort=number&order=desc&offset=50`);
    const page2 = await show(next);
    expect(numbersIn(page2.html)).toEqual(
      oaks
        .map((oak) => oak.number)
        .reverse()
        .slice(50),
    );
    expect(page2.html).toContain(
      `href="/app/lists/${id}?sort=number&amp;order=desc&amp;offset=0">Previous page`,
    );
  });

  it('shows a filter get_list_companies refuses next to its control, over the unfiltered list (not a 500)', async () => {
    const id = await createList('Filter refusals', 'portfolio');
    await request(app, 'POST', '/lists/companies', {
      key,
      body: { list_id: id, company_numbers: ['09876543'] },
    });
    const cases: [string, string][] = [
      ['status=sleeping', 'filter-status-error'],
      ['overdue=maybe', 'filter-overdue-error'],
      ['grade=Z', 'filter-grade-error'],
      ['risk_level=extreme', 'filter-risk-error'],
      ['min_score=101', 'filter-min-score-error'],
      ['min_score=80&max_score=20', 'filter-min-score-error'],
      ['sort=size', 'filter-sort-error'],
      ['order=up', 'filter-order-error'],
    ];
    for (const [query, errorId] of cases) {
      const page = await show(`/app/lists/${id}?${query}`);
      expect({ query, status: page.status }).toEqual({ query, status: 400 });
      expect(page.html).toContain(`id="${errorId}"`);
      expect(page.html).toContain('ACORN LEAF CONSULTING LTD');
    }
    const offset = await show(`/app/lists/${id}?offset=-3`);
    expect(offset.status).toBe(400);
    expect(offset.html).toContain('offset:');
  });

  it('adds a company found by search; the results link to the company page, and nothing found says what was searched', async () => {
    const id = await createList('Found by search', 'prospects');
    const found = await show(`/app/lists/${id}?q=${encodeURIComponent('acorn leaf')}`);
    expect(found.status).toBe(200);
    expect(found.html).toContain('<label for="search-q">Search the register</label>');
    expect(found.html).toContain('value="acorn leaf"');
    expect(found.html).toContain('<a href="/app/companies/09876543">ACORN LEAF CONSULTING LTD</a>');
    expect(found.html).toContain('<td>LONDON</td>');
    expect(found.html).toContain('Add<span class="visually-hidden"> ACORN LEAF CONSULTING LTD</span>');

    const answer = await client.post(`/app/lists/${id}/companies`, {
      csrf: csrfTokenIn(found.html),
      company_numbers: '09876543',
      q: 'acorn leaf',
    });
    seen.push(answer);
    expect(answer.status).toBe(200);
    expect(answer.html).toMatch(/Added 1; already on the list 0; not on the register 0/);
    expect(answer.html).toContain('id="search-results"');
    expect(await apiCompanies(id)).toEqual(['09876543']);

    const nothing = await show(`/app/lists/${id}?q=zzqqxx`);
    expect(nothing.status).toBe(200);
    expect(nothing.html).toContain('Nothing found on the register for “zzqqxx”.');

    const tooLong = await show(`/app/lists/${id}?q=${'a'.repeat(201)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.html).toContain('id="search-q-error"');
    const blank = await show(`/app/lists/${id}?q=%20`);
    expect(blank.status).toBe(400);
    expect(blank.html).toContain('id="search-q-error"');

    // The search keeps the filters, and the filters keep the search.
    const both = await show(`/app/lists/${id}?status=active&q=oak`);
    expect(both.html).toContain('<input type="hidden" name="status" value="active"/>');
    expect(both.html).toContain('<input type="hidden" name="q" value="oak"/>');
  });

  it('shows each list’s health grades and webhook on the lists page, with a link to its settings', async () => {
    const id = await createList('Graded');
    const page = await show('/app/lists');
    expect(page.html).toContain('<th scope="col">Health grades</th>');
    expect(page.html).toContain(`href="/app/lists/${id}/settings"`);
    const listPage = await show(`/app/lists/${id}`);
    expect(listPage.html).toContain(`<a href="/app/lists/${id}/settings">List settings</a>`);
  });

  it('charges page views to the account’s quota, as the API charges the same calls', async () => {
    const free = new WebClient(app.url);
    const { key: freeKey } = await signUpThroughPages(free);
    await signInThroughPages(free, freeKey);
    // Free allows 30 requests a minute (from the first): each lists page is one get_lists call.
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await free.get('/app/lists')).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const limited = await free.get('/app/lists');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.html).toContain('rate_limited');
    const api = await request(app, 'GET', '/lists', { key: freeKey });
    expect(api.status).toBe(429);
  });
});

/** The company numbers of a list page's rows, in order. */
function numbersIn(html: string): string[] {
  const table = html.slice(html.indexOf('<caption>Companies on'));
  return [...table.matchAll(/<td><code>([A-Z0-9]+)<\/code><\/td>/g)].map((m) => m[1]!);
}
