import { revokeApiKey } from '../../src/domain/accounts/accounts';
import { request, signUp, startTestApp, type TestApp } from '../support/test-app';

describe('sign-up and API keys over HTTP', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.stop());

  it('creates a Free account and shows its key once', async () => {
    const response = await request(app, 'POST', '/signup', { body: { email: 'Founder@Example.COM' } });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ email: 'founder@example.com', plan: 'free' });
    expect(response.body.account_id).toMatch(/^acc_/);
    expect(response.body.api_key).toMatch(/^cds_[A-Za-z0-9_-]{32}$/);
    // Only a hash is stored: the key itself appears nowhere in the database.
    const rows = await app.services.orm.em.fork().getConnection().execute('select * from api_keys');
    expect(JSON.stringify(rows)).not.toContain(response.body.api_key as string);
  });

  it('refuses a second account for the same email with 409', async () => {
    await signUp(app, 'twice@example.com');
    const again = await request(app, 'POST', '/signup', { body: { email: 'TWICE@example.com' } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { code: 'conflict', details: { field: 'email' } } });
  });

  it('accepts the key in X-Api-Key and as a Bearer token', async () => {
    const { api_key } = await signUp(app);
    const direct = await request(app, 'GET', '/watchlist/webhook-secret', {
      headers: { 'X-Api-Key': api_key },
    });
    const bearer = await request(app, 'GET', '/watchlist/webhook-secret', {
      headers: { Authorization: `Bearer ${api_key}` },
    });
    expect(direct.status).toBe(200);
    expect(bearer.status).toBe(200);
    expect(bearer.body.secret).toBe(direct.body.secret);
  });

  it.each([
    ['no key at all', {}, 'missing_key'],
    ['an unknown key', { 'X-Api-Key': 'cds_notarealkeynotarealkeynotarealkey1' }, 'invalid_key'],
    ['a Basic authorization', { Authorization: 'Basic dXNlcjpwYXNz' }, 'missing_key'],
    ['an empty bearer', { Authorization: 'Bearer ' }, 'missing_key'],
  ])('answers 401 for %s', async (_name, headers, reason) => {
    const response = await request(app, 'GET', '/watchlist/webhook-secret', { headers });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ error: { code: 'unauthenticated', details: { reason } } });
    expect(response.body.error).toHaveProperty('request_id');
  });

  it('answers 401 once a key is revoked', async () => {
    const { api_key, api_key_id } = await signUp(app);
    expect((await request(app, 'GET', '/watchlist/webhook-secret', { key: api_key })).status).toBe(200);
    await revokeApiKey(app.services.orm.em.fork(), api_key_id, new Date());
    const after = await request(app, 'GET', '/watchlist/webhook-secret', { key: api_key });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({
      error: { code: 'unauthenticated', details: { reason: 'invalid_key' } },
    });
  });
});
