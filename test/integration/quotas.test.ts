import { setPlan } from '../../src/domain/accounts/accounts';
import { request, signUp, startTestApp, type TestApp } from '../support/test-app';

describe('plan quotas and rate limits (REST)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.stop());

  it('stops a Free key at its 31st request in a minute with 429, Retry-After and the seconds to wait', async () => {
    const { api_key } = await signUp(app);
    for (let i = 1; i <= 30; i++) {
      const ok = await request(app, 'GET', '/watchlist/webhook-secret', { key: api_key });
      expect(ok.status).toBe(200);
    }
    const refused = await request(app, 'GET', '/watchlist/webhook-secret', { key: api_key });
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.body).toMatchObject({
      error: {
        code: 'rate_limited',
        details: { limit: 'requests_per_minute', limit_value: 30, retry_after_seconds: wait },
      },
    });
  });

  it('never lets 100 parallel calls overshoot the limit', async () => {
    const { api_key } = await signUp(app);
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => request(app, 'GET', '/watchlist/webhook-secret', { key: api_key })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(70);
  });

  it('counts per account, so one account at its limit does not stop another', async () => {
    const first = await signUp(app);
    const second = await signUp(app);
    await Promise.all(
      Array.from({ length: 31 }, () =>
        request(app, 'GET', '/watchlist/webhook-secret', { key: first.api_key }),
      ),
    );
    expect((await request(app, 'GET', '/watchlist/webhook-secret', { key: first.api_key })).status).toBe(429);
    expect((await request(app, 'GET', '/watchlist/webhook-secret', { key: second.api_key })).status).toBe(
      200,
    );
  });

  it('gives a Starter account its own higher limit', async () => {
    const { api_key, account_id } = await signUp(app);
    await setPlan(app.services.orm.em.fork(), account_id, 'starter');
    const responses = await Promise.all(
      Array.from({ length: 40 }, () => request(app, 'GET', '/watchlist/webhook-secret', { key: api_key })),
    );
    expect(responses.every((r) => r.status === 200)).toBe(true);
  });

  it('does not charge a request refused for bad input', async () => {
    const { api_key } = await signUp(app);
    for (let i = 0; i < 35; i++) {
      const unrouted = await request(app, 'GET', '/no/such/route', { key: api_key });
      expect(unrouted.status).toBe(404);
    }
    for (let i = 0; i < 35; i++) {
      const bad = await request(app, 'GET', '/watchlist/webhooks/deliveries?status=nope', { key: api_key });
      expect(bad.status).toBe(400);
    }
    expect((await request(app, 'GET', '/watchlist/webhook-secret', { key: api_key })).status).toBe(200);
  });
});
