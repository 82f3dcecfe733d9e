import { signedInOnPlan } from '../../support/web-sign-in';
import { demoOfacNamesake } from '../../../src/demo/lists/demo-list-namesakes';
import { seededDemoDatabase } from '../../support/demo-database';
import { request, startTestApp, type TestApp } from '../../support/test-app';
import { WebClient } from '../../support/web-client';

/*
 * /app/companies/{number}/sanctions on the demo register: screen_sanctions as a page, the demo's OFAC namesake
 * shown with its score, list, programme and the explanation's contributions; a company with no match says what
 * was screened against which list versions; Free sees the upgrade path; a bad number is get_company's refusal.
 */

jest.setTimeout(60_000);

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('web app: a company’s sanctions screen', () => {
  let app: TestApp;
  let starter: { client: WebClient; key: string };
  let free: WebClient;

  const signedIn = (plan: 'free' | 'starter') => signedInOnPlan(app, plan);

  beforeAll(async () => {
    app = await startTestApp({}, { database: (await seededDemoDatabase()).db });
    starter = await signedIn('starter');
    free = (await signedIn('free')).client;
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('shows the demo namesake with its score, list, programme and contributions, linked from the company page', async () => {
    const namesake = (await demoOfacNamesake(app.services.orm.em.fork()))!;
    const company = await starter.client.get(`/app/companies/${namesake.companyNumber}`);
    expect(company.html).toContain(
      `href="/app/companies/${namesake.companyNumber}/sanctions" id="screen-sanctions"`,
    );
    const page = await starter.client.get(`/app/companies/${namesake.companyNumber}/sanctions`);
    expect(page.status).toBe(200);
    const api = (
      await request<Row>(app, 'GET', `/company/${namesake.companyNumber}/sanctions-screen`, {
        key: starter.key,
      })
    ).body;
    const match = (api.potential_matches as Row[]).find(
      (m) => m.designation.unique_id === namesake.uniqueIds.ofac,
    )!;
    expect(page.html).toContain(`<code>${namesake.uniqueIds.ofac}</code>`);
    expect(page.html).toContain(`Score ${match.score.toFixed(2)}`);
    for (const regime of match.listings[0].regimes as string[]) expect(page.html).toContain(regime);
    for (const contribution of match.explanation.contributions as Row[])
      expect(page.html).toContain(`<code>${contribution.rule}</code>`);
    expect(page.html).toContain(`<th scope="row">${namesake.officerName}</th>`);
    expect(page.html).not.toContain('id="nothing-found"');
  });

  it('says what was screened against which list versions when nothing is found', async () => {
    const found = await request<Row>(app, 'GET', '/companies?status=active&limit=20', { key: starter.key });
    let clean: string | undefined;
    let screen: Row | undefined;
    for (const item of found.body.items as Row[]) {
      screen = (
        await request<Row>(app, 'GET', `/company/${item.company_number}/sanctions-screen`, {
          key: starter.key,
        })
      ).body;
      if (screen.potential_matches.length === 0) {
        clean = item.company_number;
        break;
      }
    }
    const page = await starter.client.get(`/app/companies/${clean!}/sanctions`);
    expect(page.html).toContain('id="nothing-found"');
    for (const list of screen!.lists as Row[])
      expect(page.html).toContain(`${list.name} version ${list.version_id}`);
    expect(screen!.lists.length).toBeGreaterThan(0);
    expect(page.html.match(/<th scope="row">/g)!.length).toBe(screen!.screened.length);
  });

  it('shows Free what screening is and the upgrade link', async () => {
    const namesake = (await demoOfacNamesake(app.services.orm.em.fork()))!;
    const page = await free.get(`/app/companies/${namesake.companyNumber}/sanctions`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Upgrade to starter');
    expect(page.html).not.toContain('potential-match');
  });

  it('answers a malformed number with 400 and an unknown one with 404', async () => {
    expect((await starter.client.get('/app/companies/NOT-A-NUMBER!/sanctions')).status).toBe(400);
    expect((await starter.client.get('/app/companies/99999999/sanctions')).status).toBe(404);
  });
});
