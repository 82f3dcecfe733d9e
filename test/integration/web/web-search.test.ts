import { signedInOnPlan } from '../../support/web-sign-in';
import { CompanyEntity } from '../../../src/db/entities/company';
import { formatPounds } from '../../../src/web/pages/company-money';
import { SCREEN_FILTER_FIELDS } from '../../../src/web/pages/screen-fields';
import { seededDemoDatabase } from '../../support/demo-database';
import { request, startTestApp, type TestApp } from '../../support/test-app';
import { WebClient, csrfTokenIn } from '../../support/web-client';

/*
 * /app/companies: search_companies as a page, from the search box in every page's header: its filters in the
 * URL, pages of results linking to each company, its refusals next to the field, and Free's first page only.
 *
 * /app/screen, on the same app and demo store: screen_companies as a page. Its filters in the URL, pages of
 * results with the figures each row matched on (the same as the API's), the operation's refusals by their field
 * and code, the CSV of the screen, "Add all to a list" through the list operations, and Free's upgrade path with
 * a forced POST that stores nothing.
 */

/** The demo's growing software companies in the North West (docs/screener.md#demo-data). */
const SOFTWARE_NORTH_WEST = 'sic_division=62&region=North+West&turnover_min=1000000&turnover_growth_min=0';
const ADD_PATH = '/app/screen/add-to-list';
const softwareFields = {
  sic_division: '62',
  region: 'North West',
  turnover_min: '1000000',
  turnover_growth_min: '0',
};

interface ApiScreen {
  items: {
    company_number: string;
    latest_accounts: { figures: { turnover: number } } | null;
    growth: { measures: { turnover: { percent_change: number | null } } } | null;
  }[];
  total: number;
}

jest.setTimeout(60_000);

describe('web app: searching the register', () => {
  let app: TestApp;
  let starter: WebClient;
  let starterKey: string;
  let free: WebClient;
  let freeKey: string;

  const signedIn = (plan: 'free' | 'starter') => signedInOnPlan(app, plan);

  beforeAll(async () => {
    app = await startTestApp({}, { database: (await seededDemoDatabase()).db });
    ({ client: starter, key: starterKey } = await signedIn('starter'));
    ({ client: free, key: freeKey } = await signedIn('free'));
  });
  afterAll(async () => {
    await app?.stop();
  });

  const rowLinks = (html: string) =>
    [...html.matchAll(/<th scope="row"><a href="(\/app\/companies\/[^"]+)">/g)].map((m) => m[1]);

  /** Each result's town and postcode, read from its row. */
  const places = (html: string) =>
    [...html.matchAll(/<td>([^<]+)<\/td><td>([^<]+)<\/td><td>(?:\d{4}-\d{2}-\d{2}|—)<\/td><\/tr>/g)].map(
      (m) => ({
        town: m[1]!,
        postcode: m[2]!,
      }),
    );

  it('has a search box in the header of every signed-in page, sending q to /app/companies', async () => {
    for (const path of ['/app/lists', '/app/alerts', '/app/kyb', '/app/companies']) {
      const page = await starter.get(path);
      expect(page.html).toMatch(
        /<form method="get" action="\/app\/companies" role="search" aria-label="Register search"[^>]*>/,
      );
      expect(page.html).toContain('<input id="header-search-q" name="q" type="search"');
    }
  });

  it('finds companies by name, each row linking to its company page, with the query kept', async () => {
    const page = await starter.get('/app/companies?q=GATE');
    expect(page.status).toBe(200);
    const links = rowLinks(page.html);
    expect(links.length).toBeGreaterThan(0);
    expect(page.html).toMatch(/<input id="search-q" name="q" type="text" value="GATE"/);
    const company = await starter.get(links[0]!);
    expect(company.status).toBe(200);
  });

  it('filters by status, town and postcode, keeping the filters in the paging links', async () => {
    const page = await starter.get('/app/companies?status=active');
    expect(page.status).toBe(200);
    expect(page.html).toContain('<option value="active" selected>');
    const next = /<a href="(\/app\/companies\?[^"]*)" rel="next">/.exec(page.html);
    expect(next).not.toBeNull();
    const nextPath = next![1]!.replace(/&amp;/g, '&');
    expect(nextPath).toBe('/app/companies?status=active&offset=20');
    const second = await starter.get(nextPath);
    expect(second.html).toContain('Companies 21 to');
    expect(rowLinks(second.html)).not.toEqual(rowLinks(page.html));
    const [first] = places(page.html);
    const byTown = places((await starter.get(`/app/companies?town=${encodeURIComponent(first!.town)}`)).html);
    expect(byTown.length).toBeGreaterThan(0);
    expect(byTown.every(({ town }) => town.toLowerCase() === first!.town.toLowerCase())).toBe(true);
    const outward = first!.postcode.split(' ')[0]!;
    const byPostcode = places(
      (await starter.get(`/app/companies?postcode=${encodeURIComponent(outward)}`)).html,
    );
    expect(byPostcode.length).toBeGreaterThan(0);
    expect(byPostcode.every(({ postcode }) => postcode.startsWith(`${outward} `))).toBe(true);
  });

  it('shows the operation’s refusal next to the field, with what was typed kept', async () => {
    const page = await starter.get('/app/companies?sic_code=12');
    expect(page.status).toBe(400);
    expect(page.html).toContain('id="search-sic-error"');
    expect(page.html).toContain('value="12"');
    const status = await starter.get('/app/companies?status=sleeping');
    expect(status.status).toBe(400);
    expect(status.html).toContain('id="search-status-error"');
  });

  it('shows the empty form without calling the operation when nothing is asked', async () => {
    const page = await starter.get('/app/companies');
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('company-search-results');
    expect(page.html).not.toContain('field-error');
  });

  it('gives Free the first 10 and says so; a later page is the plan’s refusal with the upgrade path', async () => {
    const page = await free.get('/app/companies?status=active');
    expect(rowLinks(page.html)).toHaveLength(10);
    expect(page.html).toContain('Your plan shows the first 10 only');
    expect(page.html).not.toContain('rel="next"');
    const forced = await free.get('/app/companies?status=active&offset=10');
    expect(forced.status).toBe(403);
    expect(forced.html).toContain('Only the first page of search results is open on the free plan');
  });

  describe('the screener', () => {
    /** Each result row: its link, number and the figure cells in the order shown. */
    const rows = (html: string) =>
      [
        ...html.matchAll(
          /<tr><th scope="row"><a href="(\/app\/companies\/[^"]+)">[^<]*<\/a><code class="company-number">(\w+)<\/code><\/th>(.*?)<\/tr>/g,
        ),
      ].map((m) => ({
        href: m[1]!,
        number: m[2]!,
        figures: [...m[3]!.matchAll(/<td class="number">([^<]*)<\/td>/g)].map((cell) => cell[1]!),
      }));
    const listNames = async (key: string) =>
      (await request<{ lists: { id: number; name: string }[] }>(app, 'GET', '/lists', { key })).body.lists;
    const decoded = (href: string) => href.replace(/&amp;/g, '&');

    it('shows every screen_companies argument as a field, from the navigation, and calls nothing bare', async () => {
      const lists = await starter.get('/app/lists');
      expect(lists.html).toContain('<a href="/app/screen">Screener</a>');
      const page = await starter.get('/app/screen');
      expect(page.status).toBe(200);
      expect(page.html).toContain('<a href="/app/screen" aria-current="page">Screener</a>');
      for (const field of SCREEN_FILTER_FIELDS) expect(page.html).toContain(` name="${field}"`);
      expect(page.html).toMatch(/<form method="get" action="\/app\/screen" id="screen-form"/);
      expect(page.html).not.toContain('screen-results');
    });

    it('finds the software companies of the North West with the figures and growth they matched on', async () => {
      const page = await starter.get(`/app/screen?${SOFTWARE_NORTH_WEST}`);
      expect(page.status).toBe(200);
      const api = await request<ApiScreen>(app, 'GET', `/screen/companies?${SOFTWARE_NORTH_WEST}`, {
        key: starterKey,
      });
      const found = rows(page.html);
      expect(found.length).toBeGreaterThanOrEqual(3);
      expect(found.map((row) => row.number)).toEqual(api.body.items.map((item) => item.company_number));
      // Columns: turnover, profit, net assets, employees, turnover growth (the shown set, in the operation's order).
      found.forEach((row, index) => {
        const item = api.body.items[index]!;
        expect(row.href).toBe(`/app/companies/${item.company_number}`);
        expect(row.figures[0]).toBe(formatPounds(item.latest_accounts!.figures.turnover));
        const growth = item.growth!.measures.turnover.percent_change!;
        expect(growth).toBeGreaterThanOrEqual(0);
        expect(row.figures[4]).toBe(`${growth > 0 ? '+' : ''}${growth.toLocaleString('en-GB')} %`);
      });
      expect(page.html).toContain(`Companies 1 to ${found.length} of ${api.body.total}`);
      expect(page.html).toMatch(/Turnover \(£\)<span class="screened"> screened<\/span>/);
      expect(page.html).toMatch(/Turnover growth \(%\)<span class="screened"> screened<\/span>/);
      expect(page.html).not.toMatch(/Employees \(people\)<span class="screened">/);
      // The screen is kept in the form, so it can be changed and shared as its URL.
      expect(page.html).toMatch(/<input id="screen-sic-division" name="sic_division" type="text" value="62"/);
      expect(page.html).toContain('<option value="North West" selected>');
      expect((await starter.get(found[0]!.href)).status).toBe(200);
    });

    it('pages as the operation pages, the filters kept in the paging links', async () => {
      const page = await starter.get('/app/screen?status=active');
      const next = /<a href="([^"]*)" rel="next">/.exec(page.html);
      expect(next).not.toBeNull();
      expect(decoded(next![1]!)).toBe('/app/screen?status=active&offset=20');
      const second = await starter.get(decoded(next![1]!));
      expect(second.html).toContain('Companies 21 to 40 of');
      expect(rows(second.html).map((r) => r.number)).not.toEqual(rows(page.html).map((r) => r.number));
      expect(decoded(/<a href="([^"]*)" rel="prev">/.exec(second.html)![1]!)).toBe(
        '/app/screen?status=active',
      );
    });

    it('says what was screened when nothing matches, and offers no add', async () => {
      const page = await starter.get('/app/screen?sic_division=62&region=London&turnover_min=100000000000');
      expect(page.status).toBe(200);
      expect(page.html).toContain('id="screen-nothing"');
      expect(page.html).toContain(
        'No company on the register matches this screen (SIC division: 62; Region: London; Turnover at least (£): ' +
          '100000000000)',
      );
      expect(page.html).not.toContain('screen-add-form');
    });

    it('shows the operation’s refusals by their field with its error code, what was typed kept', async () => {
      const page = await starter.get('/app/screen?sic_division=6&region=Atlantis&cash_min=lots');
      expect(page.status).toBe(400);
      expect(page.html).toContain('<code class="error-code">invalid_argument</code>');
      for (const id of ['sic-division', 'region', 'cash-min'])
        expect(page.html).toContain(`id="screen-${id}-error"`);
      expect(page.html).toContain('value="6"');
      expect(page.html).toContain('value="lots"');
      // The folded group holding a refused field is opened.
      expect(page.html).toMatch(/<details class="filter-group" id="screen-more-figures" open/);
      // The operation's cross-field rule, checked once each field is well formed.
      const contradiction = await starter.get('/app/screen?turnover_min=5&turnover_max=1');
      expect(contradiction.status).toBe(400);
      expect(contradiction.html).toMatch(/id="screen-turnover-min-error"[^]*is more than turnover_max 1/);
      const offset = await starter.get('/app/screen?status=active&offset=-1');
      expect(offset.status).toBe(400);
      expect(offset.html).toMatch(/role="alert"[^]*offset:/);
    });

    it('downloads the screen as CSV: a header, one row a company, its figures, as an attachment', async () => {
      const csv = await starter.get(`/app/screen.csv?${SOFTWARE_NORTH_WEST}`);
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
      expect(csv.headers.get('content-disposition')).toMatch(
        /^attachment; filename="screen-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const lines = csv.html.split('\r\n');
      expect(lines.pop()).toBe('');
      const header = lines[0]!.split(',');
      expect(header.slice(0, 2)).toEqual(['company_number', 'company_name']);
      expect(header).toEqual(expect.arrayContaining(['turnover', 'turnover_growth', 'profit', 'employees']));
      const page = rows((await starter.get(`/app/screen?${SOFTWARE_NORTH_WEST}`)).html);
      expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(page.map((row) => row.number));
      const turnover = header.indexOf('turnover');
      expect(formatPounds(Number(lines[1]!.split(',')[turnover]))).toBe(page[0]!.figures[0]);
    });

    it('quotes a name with commas and quotes and makes a formula-like name inert in the CSV', async () => {
      const em = app.services.orm.em.fork();
      const [first] = rows((await starter.get(`/app/screen?${SOFTWARE_NORTH_WEST}`)).html);
      await em.nativeUpdate(
        CompanyEntity,
        { companyNumber: first!.number },
        { companyName: '=HYPERLINK("http://x.example"), "EVIL" LTD' },
      );
      const csv = await starter.get(`/app/screen.csv?${SOFTWARE_NORTH_WEST}`);
      expect(csv.html).toContain(`\r\n${first!.number},"'=HYPERLINK(""http://x.example""), ""EVIL"" LTD",`);
    });

    it('adds every result to a new list, then to the same list again as already there', async () => {
      const total = rows((await starter.get(`/app/screen?${SOFTWARE_NORTH_WEST}`)).html).length;
      const made = await starter.submit('/app/screen', ADD_PATH, {
        ...softwareFields,
        list_id: 'new',
        name: 'North West software',
        kind: 'prospects',
      });
      expect(made.status).toBe(200);
      const listId = /<a href="\/app\/lists\/(\d+)" id="screen-added-list">North West software<\/a>/.exec(
        made.html,
      )?.[1];
      expect(listId).toBeDefined();
      expect(made.html).toContain(`${total} added, 0 already there, of ${total} screened`);
      const list = await request<{ items: { company_number: string }[] }>(
        app,
        'GET',
        `/lists/${listId}/companies`,
        { key: starterKey },
      );
      const screened = rows((await starter.get(`/app/screen?${SOFTWARE_NORTH_WEST}`)).html).map(
        (r) => r.number,
      );
      expect(list.body.items.map((item) => item.company_number).sort()).toEqual([...screened].sort());

      const again = await starter.submit('/app/screen', ADD_PATH, { ...softwareFields, list_id: listId! });
      expect(again.html).toContain(`On the list <a href="/app/lists/${listId}" id="screen-added-list">`);
      expect(again.html).toContain(`0 added, ${total} already there`);

      const taken = await starter.submit('/app/screen', ADD_PATH, {
        ...softwareFields,
        list_id: 'new',
        name: 'north west SOFTWARE',
        kind: 'prospects',
      });
      expect(taken.status).toBe(409);
      expect(taken.html).toContain('<code class="error-code">conflict</code>');
      expect(taken.html).toContain('id="screen-add-name-error"');
      expect((await listNames(starterKey)).filter((l) => /north west software/i.test(l.name))).toHaveLength(
        1,
      );
    });

    it('refuses an add without the session’s CSRF token, storing nothing', async () => {
      const refused = await starter.post(ADD_PATH, {
        ...softwareFields,
        list_id: 'new',
        name: 'No token',
        kind: 'prospects',
      });
      expect(refused.status).toBe(403);
      const forged = await starter.post(ADD_PATH, {
        csrf: 'x'.repeat(43),
        ...softwareFields,
        list_id: 'new',
        name: 'No token',
        kind: 'prospects',
      });
      expect(forged.status).toBe(403);
      expect((await listNames(starterKey)).map((l) => l.name)).not.toContain('No token');
    });

    it('shows Free what the screener is and the upgrade link; a forced CSV or POST is refused, nothing stored', async () => {
      const page = await free.get(`/app/screen?${SOFTWARE_NORTH_WEST}`);
      expect(page.status).toBe(200);
      expect(page.html).toContain('The screener finds companies on the register');
      expect(page.html).toMatch(/<a href="[^"]+">Upgrade to starter/);
      expect(page.html).not.toContain('id="screen-form"');
      const csv = await free.get(`/app/screen.csv?${SOFTWARE_NORTH_WEST}`);
      expect(csv.status).toBe(403);
      expect(csv.headers.get('content-type')).toMatch(/^text\/html/);
      expect(csv.html).toContain('Upgrade to starter');
      const forced = await free.post(ADD_PATH, {
        csrf: csrfTokenIn((await free.get('/app/lists')).html),
        ...softwareFields,
        list_id: 'new',
        name: 'Free screen',
        kind: 'prospects',
      });
      expect(forced.status).toBe(403);
      expect(forced.html).toContain('Upgrade to starter');
      expect(await listNames(freeKey)).toEqual([]);
    });
  });
});
