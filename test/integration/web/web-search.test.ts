import { accountForApiKey, setPlan } from '../../../src/domain/accounts/accounts';
import { seededDemoDatabase } from '../../support/demo-database';
import { startTestApp, type TestApp } from '../../support/test-app';
import { WebClient, signInThroughPages, signUpThroughPages } from '../../support/web-client';

/*
 * /app/companies: search_companies as a page, from the search box in every page's header: its filters in the
 * URL, pages of results linking to each company, its refusals next to the field, and Free's first page only.
 */

jest.setTimeout(60_000);

describe('web app: searching the register', () => {
  let app: TestApp;
  let starter: WebClient;
  let free: WebClient;

  const signedIn = async (plan: 'free' | 'starter') => {
    const client = new WebClient(app.url);
    const { key } = await signUpThroughPages(client);
    const em = app.services.orm.em.fork();
    await setPlan(em, (await accountForApiKey(em, key))!.account.id, plan);
    await signInThroughPages(client, key);
    return client;
  };

  beforeAll(async () => {
    app = await startTestApp({}, { database: (await seededDemoDatabase()).db });
    starter = await signedIn('starter');
    free = await signedIn('free');
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
});
