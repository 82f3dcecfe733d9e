import { randomBytes } from 'node:crypto';
import { testEventSchema } from '../../src/domain/webhooks/events';
import { verifyWebhook } from '../../src/domain/webhooks/verify-webhook';
import { startLocalReceiver, type LocalReceiver } from '../support/local-receiver';
import { request, signUp, startTestApp, type ErrorBody, type TestApp } from '../support/test-app';
import type { z } from 'zod';
import type { deliveryView } from '../../src/operations/delivery-view';
import type { sendTestWebhook } from '../../src/operations/send-test-webhook';

type TestSendReply = z.infer<typeof sendTestWebhook.output>;
type DeliveryView = z.infer<typeof deliveryView>;

const ISO_WITH_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('POST /watchlist/webhooks/test', () => {
  let receiver: LocalReceiver;
  let app: TestApp;
  beforeAll(async () => {
    receiver = await startLocalReceiver();
    app = await startTestApp({ WEBHOOK_DEV_ALLOWED_ORIGINS: receiver.origin });
  });
  afterAll(async () => {
    await app?.stop();
    await receiver?.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.respondWith(() => ({ status: 200, body: 'ok' }));
  });

  it('sends one signed webhook.test that the receiver can verify with the account secret', async () => {
    const { api_key } = await signUp(app);
    receiver.respondWith((req) => ({ status: 202, body: `got ${req.headers['service-event-id']}` }));

    const sent = await request<TestSendReply>(app, 'POST', '/watchlist/webhooks/test', {
      key: api_key,
      body: { url: receiver.url('/hooks/test') },
    });

    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ delivered: true, status_code: 202, error_class: null });
    expect(sent.body.id).toMatch(/^evt_test_/);
    expect(sent.body.response_body_snippet).toBe(`got ${sent.body.id}`);
    expect(sent.body.duration_ms).toBeGreaterThanOrEqual(0);

    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    expect(delivery!.method).toBe('POST');
    expect(delivery!.path).toBe('/hooks/test');
    expect(delivery!.headers['content-type']).toMatch(/^application\/json\b/);
    expect(delivery!.headers['service-event-type']).toBe('webhook.test');
    const header = delivery!.headers['service-signature'];
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

    const body = JSON.parse(delivery!.rawBody) as Record<string, unknown>;
    expect(testEventSchema.safeParse(body).success).toBe(true);
    expect(body.type).toBe('webhook.test');
    expect(body.id).toBe(sent.body.id);
    expect(delivery!.headers['service-event-id']).toBe(body.id);
    expect(body.created_at).toMatch(ISO_WITH_MS);
    expect(Math.abs(Date.parse(body.created_at as string) - delivery!.receivedAt)).toBeLessThan(30_000);

    const secret = await request<{ id: string; secret: string }>(app, 'GET', '/watchlist/webhook-secret', {
      key: api_key,
    });
    expect(secret.status).toBe(200);
    expect(verifyWebhook(delivery!.rawBody, header as string, secret.body.secret)).toMatchObject({
      ok: true,
    });
    const otherSecret = `whsec_${randomBytes(32).toString('base64url')}`;
    expect(verifyWebhook(delivery!.rawBody, header as string, otherSecret)).toEqual({
      ok: false,
      reason: 'signature_mismatch',
    });
    // A byte changed in the body breaks the signature too.
    expect(verifyWebhook(`${delivery!.rawBody} `, header as string, secret.body.secret)).toMatchObject({
      ok: false,
    });
  });

  it('reports a receiver that answers 500 as not delivered, never retries it, and records it as failed', async () => {
    const { api_key } = await signUp(app);
    receiver.respondWith(() => ({ status: 500, body: 'receiver is broken' }));

    const sent = await request<TestSendReply>(app, 'POST', '/watchlist/webhooks/test', {
      key: api_key,
      body: { url: receiver.url('/broken') },
    });

    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      delivered: false,
      status_code: 500,
      error_class: 'http_status',
      response_body_snippet: 'receiver is broken',
    });
    // Test sends are never retried: a retry with no delay, or a resend, would have arrived by now.
    await sleep(2_000);
    expect(receiver.received).toHaveLength(1);

    const failed = await request<{ deliveries: DeliveryView[] }>(
      app,
      'GET',
      '/watchlist/webhooks/deliveries?status=failed',
      { key: api_key },
    );
    expect(failed.status).toBe(200);
    expect(failed.body.deliveries).toHaveLength(1);
    const [delivery] = failed.body.deliveries;
    expect(delivery).toMatchObject({
      id: sent.body.id,
      event_type: 'webhook.test',
      status: 'failed',
      url: receiver.url('/broken'),
      attempt_count: 1,
      max_attempts: 1,
    });
    expect(delivery!.attempts).toHaveLength(1);
    expect(delivery!.attempts[0]).toMatchObject({
      number: 1,
      delivered: false,
      status_code: 500,
      error_class: 'http_status',
      response_body_snippet: 'receiver is broken',
      next_attempt_at: null,
    });
    const pending = await request<{ deliveries: DeliveryView[] }>(
      app,
      'GET',
      '/watchlist/webhooks/deliveries?status=pending',
      { key: api_key },
    );
    expect(pending.body.deliveries).toHaveLength(0);
  });

  describe('bad input is a 4xx with a stable code, and nothing is contacted', () => {
    let apiKey: string;
    beforeAll(async () => {
      apiKey = (await signUp(app)).api_key;
    });
    afterEach(async () => {
      expect(receiver.received).toHaveLength(0);
      // No delivery was stored, so no workflow was started and no address was attempted.
      const deliveries = await request<{ deliveries: unknown[] }>(
        app,
        'GET',
        '/watchlist/webhooks/deliveries',
        {
          key: apiKey,
        },
      );
      expect(deliveries.body.deliveries).toHaveLength(0);
    });

    it.each([
      ['a missing url', {}],
      ['a url that is not a string', { url: 42 }],
      ['a url that is null', { url: null }],
      ['an empty url', { url: '' }],
    ])('%s is a 400 invalid_argument naming url', async (_name, body) => {
      const response = await request<ErrorBody>(app, 'POST', '/watchlist/webhooks/test', {
        key: apiKey,
        body,
      });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('invalid_argument');
      const problems = response.body.error.details.problems as { argument: string }[];
      expect(problems.map((p) => p.argument)).toContain('url');
    });

    it('an unknown field in the body is a 400 invalid_argument', async () => {
      const response = await request<ErrorBody>(app, 'POST', '/watchlist/webhooks/test', {
        key: apiKey,
        body: { url: receiver.url(), retries: 3 },
      });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('invalid_argument');
    });

    it.each([
      ['not a url at all', 'not a url', 'malformed_url'],
      ['a url with no host', 'https://', 'malformed_url'],
      ['plain http', 'http://example.com/hook', 'scheme_not_https'],
      ['a port other than 443', 'https://example.com:8443/hook', 'port_not_443'],
      ['a username and password', 'https://user:pw@example.com/hook', 'credentials_not_allowed'],
      ['localhost', 'https://localhost/x', 'host_not_public'],
      ['a private IPv4 literal', 'https://10.0.0.1/hook', 'private_address'],
      ['the IPv6 loopback', 'https://[::1]/', 'private_address'],
      ['loopback in decimal notation', 'https://2130706433/hook', 'private_address'],
      ['a loopback port outside the dev origins', 'http://127.0.0.1:1/hook', 'scheme_not_https'],
    ])('%s is a 422 webhook_address_refused naming the rule', async (_name, url, rule) => {
      const response = await request<ErrorBody>(app, 'POST', '/watchlist/webhooks/test', {
        key: apiKey,
        body: { url },
      });
      expect(response.status).toBe(422);
      expect(response.body.error.code).toBe('webhook_address_refused');
      expect(response.body.error.details).toMatchObject({ rule, url });
    });

    it('credentials are refused even on a dev-override origin', async () => {
      const url = receiver.url('/hook').replace('http://', 'http://user:pw@');
      const response = await request<ErrorBody>(app, 'POST', '/watchlist/webhooks/test', {
        key: apiKey,
        body: { url },
      });
      expect(response.status).toBe(422);
      expect(response.body.error.details).toMatchObject({ rule: 'credentials_not_allowed' });
    });

    it('no API key is a 401 unauthenticated', async () => {
      const response = await request<ErrorBody>(app, 'POST', '/watchlist/webhooks/test', {
        body: { url: receiver.url() },
      });
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe('unauthenticated');
    });

    it('an unknown API key is a 401 unauthenticated', async () => {
      const response = await request<ErrorBody>(app, 'POST', '/watchlist/webhooks/test', {
        key: `${apiKey}x`,
        body: { url: receiver.url() },
      });
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe('unauthenticated');
    });
  });
});

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
