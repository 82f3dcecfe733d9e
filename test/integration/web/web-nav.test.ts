import { accountForApiKey, setPlan } from '../../../src/domain/accounts/accounts';
import { request, startTestApp, type TestApp } from '../../support/test-app';
import { WebClient, signInThroughPages, signUpThroughPages } from '../../support/web-client';

/** The nav links that carry aria-current on a page, as `label=value`. */
function currentLinks(html: string): string[] {
  const nav = /<nav aria-label="Main">([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
  return [...nav.matchAll(/<a [^>]*aria-current="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => `${m[2]}=${m[1]}`);
}

describe('web app: the navigation shows the current section', () => {
  let app: TestApp;
  const client = () => new WebClient(app.url);
  let signedIn: WebClient;
  let listId: number;

  beforeAll(async () => {
    app = await startTestApp();
    signedIn = client();
    const { key } = await signUpThroughPages(signedIn);
    const em = app.services.orm.em.fork();
    await setPlan(em, (await accountForApiKey(em, key))!.account.id, 'team');
    await signInThroughPages(signedIn, key);
    const created = await request<{ id: number }>(app, 'POST', '/lists', {
      key,
      body: { name: 'Clients', kind: 'clients' },
    });
    listId = created.body.id;
  });
  afterAll(() => app?.stop());

  it.each([
    ['/app/lists', 'Lists=page'],
    ['/app/alerts', 'Alerts=page'],
    ['/app/deliveries', 'Deliveries=page'],
    ['/app/deliveries?status=failed', 'Deliveries=page'],
    ['/app/webhook-secret', 'Webhook secret=page'],
    ['/app/webhook-secret/rotate', 'Webhook secret=true'],
  ])('%s marks %s and no other link', async (path, expected) => {
    const page = await signedIn.get(path);
    expect(page.status).toBe(200);
    expect(currentLinks(page.html)).toEqual([expected]);
  });

  it('marks Lists as the section, not the page, on a list and its settings', async () => {
    const listPath = `/app/lists/${listId}`;
    expect(currentLinks((await signedIn.get(listPath)).html)).toEqual(['Lists=true']);
    expect(currentLinks((await signedIn.get(`${listPath}/settings`)).html)).toEqual(['Lists=true']);
  });

  it('marks nothing on an error page, or signed out', async () => {
    const missing = await signedIn.get('/app/lists/999999999');
    expect(missing.status).toBe(404);
    expect(currentLinks(missing.html)).toEqual([]);
    expect(currentLinks((await client().get('/app/sign-in')).html)).toEqual([]);
  });
});
