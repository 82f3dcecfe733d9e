import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { accountCommands } from '../../src/cli/account-commands';
import { revokeApiKey } from '../../src/domain/accounts/accounts';
import { Quotas } from '../../src/domain/accounts/quota';
import { createApp } from '../../src/http/app';
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

  it('answers a known email exactly as an unknown one: a new account and key, never a 409', async () => {
    const first = await request(app, 'POST', '/signup', { body: { email: 'twice@example.com' } });
    const again = await request(app, 'POST', '/signup', { body: { email: 'TWICE@example.com' } });
    const fresh = await request(app, 'POST', '/signup', { body: { email: 'never-seen@example.com' } });
    for (const response of [first, again, fresh]) {
      expect(response.status).toBe(201);
      expect(Object.keys(response.body).sort()).toEqual(
        ['account_id', 'api_key', 'api_key_id', 'created_at', 'email', 'plan'].sort(),
      );
      expect(response.body).toMatchObject({ plan: 'free' });
      expect(response.headers.get('content-type')).toBe(fresh.headers.get('content-type'));
    }
    expect(again.body.email).toBe('twice@example.com');
    expect(again.body.account_id).not.toBe(first.body.account_id);
    // Two separate accounts: each key opens its own, and neither sees the other's secret.
    const secrets = await Promise.all(
      [first, again].map(
        async (r) =>
          (await request(app, 'GET', '/watchlist/webhook-secret', { key: r.body.api_key as string })).body
            .secret,
      ),
    );
    expect(secrets[0]).toBeTruthy();
    expect(secrets[0]).not.toBe(secrets[1]);
  });

  it('lets the operator find the accounts of an email and issue a key to one of them', async () => {
    const email = 'lost-my-key@example.com';
    const older = await signUp(app, email);
    const newer = await signUp(app, email.toUpperCase());
    const orm = app.services.orm;
    const found = (await accountCommands['accounts find']!(orm, { email: ` ${email} ` }, [])) as {
      accounts: { account_id: string; email: string }[];
    };
    expect(found.accounts.map((a) => a.account_id)).toEqual([older.account_id, newer.account_id]);

    // Several accounts: naming the account by email is refused, listing them; by id it works.
    await expect(accountCommands['keys create']!(orm, { email }, [])).rejects.toMatchObject({
      code: 'conflict',
      details: { account_ids: [older.account_id, newer.account_id] },
    });
    const issued = (await accountCommands['keys create']!(orm, { account: older.account_id }, [])) as {
      account_id: string;
      api_key: string;
    };
    expect(issued.account_id).toBe(older.account_id);
    const secret = await request(app, 'GET', '/watchlist/webhook-secret', { key: issued.api_key });
    expect(secret.status).toBe(200);

    const only = await signUp(app, 'only-one@example.com');
    const byEmail = (await accountCommands['keys create']!(orm, { email: 'Only-One@example.com' }, [])) as {
      account_id: string;
    };
    expect(byEmail.account_id).toBe(only.account_id);
    await expect(
      accountCommands['keys create']!(orm, { email: 'nobody@example.com' }, []),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      accountCommands['keys create']!(orm, { email, account: older.account_id }, []),
    ).rejects.toMatchObject({ code: 'invalid_argument' });
    await expect(accountCommands['keys create']!(orm, {}, [])).rejects.toMatchObject({
      code: 'invalid_argument',
    });
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

describe('sign-up is limited per client address', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ SIGNUP_LIMIT_PER_HOUR: '3' });
  });
  afterAll(() => app?.stop());

  async function accountCount() {
    const rows = await app.services.orm.em
      .fork()
      .getConnection()
      .execute('select count(*) as n from accounts');
    return Number(rows[0]?.n);
  }

  it('refuses the fourth sign-up in an hour from one address with 429, Retry-After and nothing created', async () => {
    // Bad input is refused before the count: it creates nothing, so it costs nothing.
    expect((await request(app, 'POST', '/signup', { body: { email: 'nope' } })).status).toBe(400);
    for (let i = 0; i < 3; i++) await signUp(app, 'same@example.com');
    expect(await accountCount()).toBe(3);

    const refused = await request(app, 'POST', '/signup', { body: { email: 'other@example.com' } });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      error: { code: 'rate_limited', details: { limit: 'signups_per_hour', limit_value: 3 } },
    });
    const wait = (refused.body.error as { details: { retry_after_seconds: number } }).details
      .retry_after_seconds;
    expect(wait).toBeGreaterThan(3_000);
    expect(wait).toBeLessThanOrEqual(3_600);
    expect(refused.headers.get('retry-after')).toBe(String(wait));
    expect(await accountCount()).toBe(3);
  });

  it('holds across API processes: another process on the same database refuses too', async () => {
    // A second API process: its own Quotas (its own connection to the rate-limit table), the same database.
    const quotas = new Quotas(app.config.database);
    const other = createServer(createApp({ ...app.services, quotas }).callback());
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
      const response = await request({ ...app, url }, 'POST', '/signup', {
        body: { email: 'elsewhere@example.com' },
      });
      expect(response.status).toBe(429);
      expect(response.body).toMatchObject({ error: { code: 'rate_limited' } });
    } finally {
      other.closeAllConnections();
      await new Promise((resolve) => other.close(resolve));
      await quotas.close();
    }
  });
});
