import { setPlan } from '../../../src/domain/accounts/accounts';
import { accountForApiKey } from '../../../src/domain/accounts/accounts';
import { request, startTestApp, type TestApp } from '../../support/test-app';
import { WebClient, csrfTokenIn, signInThroughPages, signUpThroughPages } from '../../support/web-client';

/** Every refusal is the same page: 403 with the stable code on it. */
function expectRefused(answer: { status: number; html: string; headers: Headers }) {
  expect(answer.status).toBe(403);
  expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
  expect(answer.html).toContain('<code id="error-code">csrf_refused</code>');
}

describe('web app: CSRF', () => {
  let app: TestApp;
  let client: WebClient;
  let key: string;
  const listNames = async () =>
    (await request<{ lists: { name: string }[] }>(app, 'GET', '/lists', { key })).body.lists.map(
      (l) => l.name,
    );

  beforeAll(async () => {
    app = await startTestApp();
    client = new WebClient(app.url);
    ({ key } = await signUpThroughPages(client));
    const caller = (await accountForApiKey(app.services.orm.em.fork(), key))!;
    await setPlan(app.services.orm.em.fork(), caller.account.id, 'team');
    await signInThroughPages(client, key);
  });
  afterAll(() => app?.stop());

  it('refuses a signed-in form without a token, with a wrong one, or with the signed-out one; nothing changes', async () => {
    expectRefused(await client.post('/app/lists', { name: 'No token', kind: 'clients' }));
    expectRefused(await client.post('/app/lists', { csrf: '', name: 'Empty token', kind: 'clients' }));
    const wrong = 'A'.repeat(43);
    expectRefused(await client.post('/app/lists', { csrf: wrong, name: 'Wrong token', kind: 'clients' }));
    const stranger = new WebClient(app.url);
    const strangersToken = csrfTokenIn((await stranger.get('/app/sign-in')).html);
    expectRefused(
      await client.post('/app/lists', { csrf: strangersToken, name: 'Other token', kind: 'clients' }),
    );
    expect(await listNames()).toEqual([]);
    // The same form with the page's token goes through.
    const page = await client.get('/app/lists');
    const created = await client.post('/app/lists', {
      csrf: csrfTokenIn(page.html),
      name: 'Kept',
      kind: 'clients',
    });
    expect(created.status).toBe(303);
    expect(await listNames()).toEqual(['Kept']);
  });

  it('refuses a form posted from another origin, even with the right token', async () => {
    const token = csrfTokenIn((await client.get('/app/lists')).html);
    for (const origin of ['https://evil.example', 'null', `${app.url}.evil.example`]) {
      expectRefused(
        await client.post(
          '/app/lists',
          { csrf: token, name: 'From elsewhere', kind: 'clients' },
          { Origin: origin },
        ),
      );
    }
    expect(await listNames()).not.toContain('From elsewhere');
    const sameOrigin = await client.post(
      '/app/lists',
      { csrf: token, name: 'From here', kind: 'clients' },
      { Origin: app.url },
    );
    expect(sameOrigin.status).toBe(303);
  });

  it('refuses sign-in and sign-up without the double-submit cookie and field agreeing', async () => {
    const visitor = new WebClient(app.url);
    const token = csrfTokenIn((await visitor.get('/app/sign-in')).html);
    expectRefused(await visitor.post('/app/sign-in', { api_key: key }));
    expectRefused(await visitor.post('/app/sign-in', { csrf: 'B'.repeat(43), api_key: key }));
    // The field without the cookie: what a forged form from another site amounts to.
    visitor.cookies.delete('csrf');
    expectRefused(await visitor.post('/app/sign-in', { csrf: token, api_key: key }));
    expect(visitor.cookies.has('session')).toBe(false);
    const before = await countAccounts();
    expectRefused(await visitor.post('/app/sign-up', { csrf: token, email: 'forged@example.com' }));
    expectRefused(
      await new WebClient(app.url).post(
        '/app/sign-up',
        { email: 'forged@example.com' },
        { Origin: 'https://evil.example' },
      ),
    );
    expect(await countAccounts()).toBe(before);
  });

  it('refuses a sign-out without the session token, and the session stays', async () => {
    expectRefused(await client.post('/app/sign-out', {}));
    expect((await client.get('/app/lists')).status).toBe(200);
  });

  async function countAccounts(): Promise<number> {
    const rows = await app.services.orm.em
      .fork()
      .getConnection()
      .execute<{ n: number | string }[]>('select count(*) as n from accounts');
    return Number(rows[0]!.n);
  }
});
