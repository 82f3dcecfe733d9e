import { standardWebhooksSecret } from '../../src/domain/webhooks/standard-webhooks';
import { secretRotationWorkflowId } from '../../src/temporal/names';
import { request, signUp, startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

interface SecretView {
  id: string;
  secret: string;
  created_at: string;
  previous: { id: string; secret: string; standard_webhooks_secret: string; expires_at: string } | null;
}

describe('webhook secret and its rotation over HTTP', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.stop());

  it('creates the secret on first use and returns the same one after', async () => {
    const { api_key } = await signUp(app);
    const first = await request<SecretView>(app, 'GET', '/watchlist/webhook-secret', { key: api_key });
    expect(first.status).toBe(200);
    expect(first.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(first.body.previous).toBeNull();
    const second = await request<SecretView>(app, 'GET', '/watchlist/webhook-secret', { key: api_key });
    expect(second.body).toEqual(first.body);
  });

  it('keeps secrets per account', async () => {
    const a = await signUp(app);
    const b = await signUp(app);
    const secretA = await request<SecretView>(app, 'GET', '/watchlist/webhook-secret', { key: a.api_key });
    const secretB = await request<SecretView>(app, 'GET', '/watchlist/webhook-secret', { key: b.api_key });
    expect(secretA.body.secret).not.toBe(secretB.body.secret);
  });

  it('rotates: a new secret, the old one kept 24 hours, and a rotation workflow with a 24-hour timer', async () => {
    const { api_key, account_id } = await signUp(app);
    const before = await request<SecretView>(app, 'GET', '/watchlist/webhook-secret', { key: api_key });
    const rotated = await request<SecretView>(app, 'POST', '/watchlist/webhook-secret/rotate', {
      key: api_key,
    });
    expect(rotated.status).toBe(201);
    expect(rotated.body.secret).not.toBe(before.body.secret);
    expect(rotated.body.previous?.id).toBe(before.body.id);
    // The replaced secret's value too, so a receiver being moved over can be given both while they sign.
    expect(rotated.body.previous?.secret).toBe(before.body.secret);
    const overlap = Date.parse(rotated.body.previous!.expires_at) - Date.parse(rotated.body.created_at);
    expect(overlap).toBe(24 * 3600 * 1000);

    const after = await request<SecretView>(app, 'GET', '/watchlist/webhook-secret', { key: api_key });
    expect(after.body).toEqual(rotated.body);

    const handle = app.services.temporal.workflow.getHandle(secretRotationWorkflowId(account_id));
    const timer = await waitFor(async () => {
      const history = await handle.fetchHistory();
      return history.events?.find((e) => e.timerStartedEventAttributes)?.timerStartedEventAttributes;
    });
    expect(Number(timer?.startToFireTimeout?.seconds)).toBeGreaterThan(24 * 3600 - 5);
    expect((await handle.describe()).status.name).toBe('RUNNING');
    await handle.terminate('test finished');
  });

  it('a second rotation inside the window retires the oldest, so at most two are active', async () => {
    const { api_key, account_id } = await signUp(app);
    const original = await request<SecretView>(app, 'GET', '/watchlist/webhook-secret', { key: api_key });
    const first = await request<SecretView>(app, 'POST', '/watchlist/webhook-secret/rotate', {
      key: api_key,
    });
    const second = await request<SecretView>(app, 'POST', '/watchlist/webhook-secret/rotate', {
      key: api_key,
    });
    expect(second.status).toBe(201);
    expect(second.body.previous).toEqual({
      id: first.body.id,
      secret: first.body.secret,
      standard_webhooks_secret: standardWebhooksSecret(first.body.secret),
      expires_at: expect.any(String),
    });
    expect(second.body.previous?.secret).not.toBe(original.body.secret);
    const rows = await app.services.orm.em
      .fork()
      .getConnection()
      .execute('select id, retired_at from webhook_secrets where account_id = ? order by created_at', [
        account_id,
      ]);
    expect(rows.map((r: { id: string }) => r.id)).toEqual([original.body.id, first.body.id, second.body.id]);
    expect(rows.map((r: { retired_at: unknown }) => r.retired_at !== null)).toEqual([true, false, false]);
    await app.services.temporal.workflow
      .getHandle(secretRotationWorkflowId(account_id))
      .terminate('test finished');
  });

  it('rotation needs a key', async () => {
    const response = await request(app, 'POST', '/watchlist/webhook-secret/rotate');
    expect(response.status).toBe(401);
  });
});
