import { signedInOnPlan } from '../../support/web-sign-in';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SanctionsListsView } from '../../../src/domain/sanctions/sanctions-lists-view';
import { importSanctionsList } from '../../../src/ingest/sanctions/import-sanctions-list';
import { request, startTestApp, type TestApp } from '../../support/test-app';
import { WebClient, signInThroughPages, signUpThroughPages } from '../../support/web-client';

/*
 * /app/sanctions: the lists held and the account's choice of them, saved through choose_sanctions_lists as the
 * API saves it, with its refusals (no list, a Free account, no CSRF token) shown and nothing stored.
 */

const OFAC = join(__dirname, '../../fixtures/sanctions/ofac');

describe('web app: the sanctions lists page', () => {
  let app: TestApp;
  let client: WebClient;
  let key: string;

  const chosen = async (apiKey = key) =>
    (await request<SanctionsListsView>(app, 'GET', '/sanctions/lists', { key: apiKey })).body.chosen;

  beforeAll(async () => {
    app = await startTestApp();
    await importSanctionsList(
      app.services.orm.em.fork(),
      'ofac',
      new Map(readdirSync(OFAC).map((name) => [name, readFileSync(join(OFAC, name))])),
      { source: 'fixture' },
    );
    ({ client, key } = await signedInOnPlan(app, 'starter'));
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('shows every list, the version held and whether the account screens it', async () => {
    const page = await client.get('/app/sanctions');
    expect(page.status).toBe(200);
    expect(page.html).toContain('OFAC Specially Designated Nationals List');
    expect(page.html).toMatch(/Version \d+/);
    expect(page.html).toContain('Not given by the list');
    expect(page.html).toContain('Every list this service holds (the default)');
    expect(page.html.match(/type="checkbox"/g)).toHaveLength(4);
  });

  it('saves a choice, shows it, and goes back to every list held', async () => {
    const saved = await client.submit('/app/sanctions', '/app/sanctions/lists', {
      list_uk: 'true',
      list_ofac: 'true',
    });
    expect([saved.status, saved.location]).toEqual([303, '/app/sanctions?saved=lists']);
    expect(await chosen()).toEqual(['uk', 'ofac']);
    const page = await client.get('/app/sanctions?saved=lists');
    expect(page.html).toContain('Your choice of lists is saved.');
    expect(page.html).toContain(
      'Only the lists you chose: UK Sanctions List, OFAC Specially Designated Nationals List.',
    );
    const back = await client.submit('/app/sanctions', '/app/sanctions/lists', { every_list_held: 'true' });
    expect(back.status).toBe(303);
    expect(await chosen()).toBeNull();
  });

  it('refuses a choice of no list on the form, and keeps the choice as it was', async () => {
    const refused = await client.submit('/app/sanctions', '/app/sanctions/lists', {});
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('id="lists-error"');
    expect(refused.html).toContain('choose at least one list');
    expect(await chosen()).toBeNull();
  });

  it('refuses a post without the page’s CSRF token', async () => {
    const forged = await client.post('/app/sanctions/lists', { list_uk: 'true' });
    expect(forged.status).toBe(403);
    expect(await chosen()).toBeNull();
  });

  it('shows a Free account the upgrade path, and refuses its forced post with nothing stored', async () => {
    const free = new WebClient(app.url);
    const { key: freeKey } = await signUpThroughPages(free);
    await signInThroughPages(free, freeKey);
    const page = await free.get('/app/sanctions');
    expect(page.status).toBe(200);
    expect(page.html).toContain('id="sanctions-plan-notice"');
    expect(page.html).not.toContain('id="sanctions-lists-form"');
    const forced = await free.submit('/app/sanctions', '/app/sanctions/lists', { list_uk: 'true' });
    expect(forced.status).toBe(403);
    expect(forced.html).toContain('starter');
    expect(await chosen(freeKey)).toBeNull();
  });
});
