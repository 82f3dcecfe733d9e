import { setPlan } from '../../../src/domain/accounts/accounts';
import { request, signUp, type TestApp } from '../../support/test-app';
import { WebClient, signInThroughPages } from '../../support/web-client';
import { HOSTILE_NAME, HOSTILE_OFFICER, startOnCompanyPages, type SeededCompanies } from './web-company-seed';
import { DEMO_SEEDING_TIMEOUT_MS } from '../../support/demo-seeding';

type Row = Record<string, unknown>;

/** The HTML of one section of the company page, by its id. */
function section(html: string, id: string): string {
  const start = html.indexOf(`<section id="${id}"`);
  if (start < 0) throw new Error(`no section ${id} in ${html.slice(0, 500)}`);
  return html.slice(start, html.indexOf('</section>', start));
}

const rowsIn = (html: string) =>
  (html.match(/<tr[ >]/g) ?? []).length - (html.match(/<thead>/g) ?? []).length;

describe('web app: the company page', () => {
  let app: TestApp;
  let companies: SeededCompanies;
  let team: { key: string; client: WebClient };
  let free: { key: string; client: WebClient };

  const api = async <T = Row>(path: string) => {
    const answer = await request<T>(app, 'GET', path, { key: team.key });
    expect(answer.status).toBe(200);
    return answer.body;
  };

  async function signedIn(plan: 'free' | 'team') {
    const caller = await signUp(app);
    if (plan !== 'free') await setPlan(app.services.orm.em.fork(), caller.account_id, plan);
    const client = new WebClient(app.url);
    await signInThroughPages(client, caller.api_key);
    return { key: caller.api_key, client };
  }

  beforeAll(async () => {
    ({ app, companies } = await startOnCompanyPages());
    // Team: each view of the page is six operation calls, and this suite also asks the API for comparison.
    team = await signedIn('team');
    free = await signedIn('free');
  }, DEMO_SEEDING_TIMEOUT_MS);
  afterAll(async () => {
    await app?.stop();
  });

  it('holds every demo company’s details whole, so no demo page says they are not held', async () => {
    const [row] = await app.services.orm.em
      .getConnection()
      .execute<{ missing: number | string }[]>(
        'select count(*) as missing from companies c where (select count(*) from company_resource_imports r ' +
          "where r.company_number = c.company_number and r.complete = TRUE and r.resource in ('officers', " +
          "'persons_with_significant_control', 'filing_history', 'charges', 'insolvency')) < 5",
      );
    expect(Number(row!.missing)).toBe(0);
    const page = await team.client.get(`/app/companies/${companies.insolvent}`);
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('are not held');
  });

  it('sends a signed-out visitor to sign in', async () => {
    const answer = await new WebClient(app.url).get(`/app/companies/${companies.rich}`);
    expect(answer.status).toBe(303);
    expect(answer.location).toBe('/app/sign-in');
  });

  it('shows every section of a company from its operation, the register’s text escaped', async () => {
    const number = companies.rich;
    const page = await team.client.get(`/app/companies/${number}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    const { html } = page;
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>Jo</b>');
    expect(html).toContain(
      '<h1>&lt;img src=x onerror=alert(1)> &amp; &quot;Sons&quot; &lt;/script> LTD</h1>',
    );
    expect(html).toContain('SMITH, &lt;b>Jo&lt;/b> &amp; &quot;Al&quot;');

    const company = await api<{ company_name: string; charges: unknown[]; sic_codes: string[] }>(
      `/company/${number}`,
    );
    expect(company.company_name).toBe(HOSTILE_NAME);
    const profile = section(html, 'profile');
    expect(profile).toContain(`<code>${number}</code>`);
    for (const code of company.sic_codes) expect(profile).toContain(code);
    expect(rowsIn(section(html, 'charges').split('<h3>Insolvency')[0]!)).toBe(company.charges.length);
    expect(section(html, 'charges')).toContain('No insolvency cases held');

    const officers = await api<{ total: number; items: { name: string }[] }>(`/company/${number}/officers`);
    expect(rowsIn(section(html, 'officers'))).toBe(officers.total);
    expect(officers.items.map((o) => o.name)).toContain(HOSTILE_OFFICER);

    const pscs = await api<{ items: { natures_of_control: { description: string }[] }[] }>(
      `/company/${number}/persons-with-significant-control`,
    );
    for (const nature of pscs.items.flatMap((p) => p.natures_of_control))
      expect(section(html, 'pscs')).toContain(nature.description);

    const filings = await api<{ total_count: number; items: unknown[] }>(`/company/${number}/filing-history`);
    expect(section(html, 'filings')).toContain(`of ${filings.total_count}</caption>`);
    expect(rowsIn(section(html, 'filings'))).toBe(filings.items.length);

    const history = await api<{ years: { period_end: string; origin: string }[] }>(
      `/company/${number}/financial-history`,
    );
    const financials = section(html, 'financials');
    const comparative = history.years.find((year) => year.origin === 'comparative')!;
    expect(comparative).toBeDefined();
    expect(financials).toContain(
      `<tr class="origin-comparative"><th scope="row" class="date">${comparative.period_end}</th>`,
    );
    expect(financials).toContain('<tr class="origin-filed">');
    expect(financials).toContain(
      '<canvas data-measure="turnover" role="img" aria-label="Turnover by year end',
    );
    const json = /id="financial-chart-data">([^<]*)<\/script>/.exec(financials)![1]!;
    const charts = (JSON.parse(json) as { charts: { points: { period_end: string }[] }[] }).charts;
    expect(charts[0]!.points.map((p) => p.period_end)).toEqual(
      history.years.map((y) => y.period_end).reverse(),
    );

    const health = await api<{ score: number | null; signals: { title: string }[] }>(
      `/company/${number}/health-score`,
    );
    if (health.score !== null)
      expect(section(html, 'health')).toContain(`class="health-score">${health.score}<`);
    for (const signal of health.signals) expect(section(html, 'health')).toContain(signal.title);
  });

  it('shows an insolvency case, and says no charges are registered', async () => {
    const page = await team.client.get(`/app/companies/${companies.insolvent}`);
    expect(page.status).toBe(200);
    const charges = section(page.html, 'charges');
    expect(charges).toContain('No charges registered against this company.');
    expect(charges).toMatch(/Case \d+: /);
  });

  it('filters and pages the filing history with the operation’s arguments, and shows a refusal next to the filter', async () => {
    const number = companies.rich;
    const accounts = await api<{ total_count: number }>(
      `/company/${number}/filing-history?category=accounts`,
    );
    const filtered = await team.client.get(`/app/companies/${number}?category=accounts`);
    expect(filtered.status).toBe(200);
    const filings = section(filtered.html, 'filings');
    expect(filings).toContain(
      `Filings in accounts, newest first: 1 to ${accounts.total_count} of ${accounts.total_count}`,
    );
    expect(filings).toMatch(/<option value="accounts" selected/);
    expect(filings.match(/<td>Accounts<\/td>/g)).toHaveLength(accounts.total_count);

    const paged = await team.client.get(`/app/companies/${number}?filings_offset=2`);
    expect(section(paged.html, 'filings')).toMatch(/newest first: 3 to \d+ of \d+/);
    expect(section(paged.html, 'filings')).toContain(
      `href="/app/companies/${number}?filings_offset=0#filings">Newer filings`,
    );

    const refused = await team.client.get(`/app/companies/${number}?category=%3Cnonsense%3E`);
    expect(refused.status).toBe(400);
    const refusedFilings = section(refused.html, 'filings');
    expect(refusedFilings).toMatch(
      /<p class="field-error" id="filing-category-error">.*&lt;nonsense> is not a filing category/,
    );
    expect(refusedFilings).toContain('aria-describedby="filing-category-error"');
    expect(refused.html).not.toContain('<nonsense>');
    // The rest of the page is still there.
    expect(section(refused.html, 'officers')).toContain('<table>');

    const badOffset = await team.client.get(`/app/companies/${number}?filings_offset=minus-one`);
    expect(badOffset.status).toBe(400);
    expect(section(badOffset.html, 'filings')).toContain('id="filing-category-error"');
  });

  it('shows a Free account the plan notes with the upgrade link for the gated sections', async () => {
    const page = await free.client.get(`/app/companies/${companies.rich}`);
    expect(page.status).toBe(200);
    const upgrade = app.config.UPGRADE_URL;
    for (const id of ['health', 'financials', 'officers', 'pscs', 'filings']) {
      const part = section(page.html, id);
      expect(part).toContain('Your plan (free) does not include');
      expect(part).toContain('the starter plan or higher does');
      expect(part).toContain(`<a href="${upgrade}">Upgrade to starter`);
      expect(part).not.toContain('<table');
    }
    expect(section(page.html, 'profile')).toContain(`<code>${companies.rich}</code>`);
    expect(page.html).not.toContain('financial-chart-data');
  });

  it('answers an unknown company with the 404 page and a malformed number with the operation’s refusal', async () => {
    const unknown = await team.client.get('/app/companies/99999998');
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('<code id="error-code">not_found</code>');
    const malformed = await team.client.get('/app/companies/NOT-A-NUMBER');
    expect(malformed.status).toBe(400);
    expect(malformed.html).toContain('<code id="error-code">invalid_company_number</code>');
    const hostile = await team.client.get(`/app/companies/${encodeURIComponent('<script>x</script>')}`);
    expect(hostile.status).toBe(400);
    expect(hostile.html).not.toContain('<script>x');
  });

  it('serves the chart script and Chart.js’s browser build from /assets/, and nothing else there', async () => {
    const chartJs = await team.client.get('/assets/vendor/chart.umd.js');
    expect(chartJs.status).toBe(200);
    expect(chartJs.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(chartJs.html).toMatch(/Chart\.js v4\./);
    const charts = await team.client.get('/assets/company-charts.js');
    expect(charts.status).toBe(200);
    expect(charts.html).toContain('financial-chart-data');
    for (const path of ['/assets/vendor/chart.cjs', '/assets/vendor/..%2Fpackage.json', '/assets/vendor/'])
      expect((await team.client.get(path)).status).toBe(404);
  });
});
