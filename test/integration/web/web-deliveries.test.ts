import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import { accountForApiKey, setPlan } from '../../../src/domain/accounts/accounts';
import type { deliveryView } from '../../../src/operations/delivery-view';
import type { listWebhookDeliveries } from '../../../src/operations/list-webhook-deliveries';
import { startAlertDelivery } from '../../../src/temporal/delivery-starter';
import { webhookDeliveryWorkflowId } from '../../../src/temporal/names';
import { startLocalReceiver, type LocalReceiver } from '../../support/local-receiver';
import { request, startTestApp, type TestApp } from '../../support/test-app';
import { waitFor } from '../../support/wait-for';
import {
  WebClient,
  csrfTokenIn,
  signInThroughPages,
  signUpThroughPages,
  type WebResponse,
} from '../../support/web-client';

type DeliveryView = z.infer<typeof deliveryView>;
type DeliveriesAnswer = z.infer<typeof listWebhookDeliveries.output>;

describe('web app: webhook deliveries, one delivery, test webhooks and redeliver', () => {
  let receiver: LocalReceiver;
  let app: TestApp;
  let client: WebClient;
  let key: string;
  let accountId: string;
  const seen: WebResponse[] = [];
  /** Event ids by what they are. */
  const ids = { delivered: '', failed: '', pending: '' };

  const show = async (path: string) => {
    const page = await client.get(path);
    seen.push(page);
    return page;
  };
  const submit = async (pagePath: string, action: string, fields: Record<string, string>) => {
    const page = await show(pagePath);
    const answer = await client.post(action, { csrf: csrfTokenIn(page.html), ...fields });
    seen.push(answer);
    return answer;
  };
  const apiDelivery = async (id: string) =>
    (await request<DeliveryView>(app, 'GET', `/watchlist/webhooks/deliveries/${id}`, { key })).body;
  const apiDeliveries = async () =>
    (await request<DeliveriesAnswer>(app, 'GET', '/watchlist/webhooks/deliveries?limit=100', { key })).body
      .deliveries;
  /** A test webhook sent through the page: the answer is a redirect to the delivery's page. */
  const sendTest = async (url: string) => {
    const answer = await submit('/app/deliveries', '/app/deliveries/test', { url });
    expect(answer.status).toBe(303);
    const match = /^\/app\/deliveries\/(evt_test_[A-Za-z0-9_-]+)$/.exec(answer.location ?? '');
    expect(match).not.toBeNull();
    return match![1]!;
  };

  beforeAll(async () => {
    receiver = await startLocalReceiver();
    // Paths under /fail answer 500 with a body; everything else 200 "ok".
    receiver.respondWith((req) =>
      req.path.startsWith('/fail')
        ? { status: 500, body: 'receiver <b>failed</b>' }
        : { status: 200, body: 'ok' },
    );
    app = await startTestApp({ WEBHOOK_DEV_ALLOWED_ORIGINS: receiver.origin });
    client = new WebClient(app.url);
    ({ key } = await signUpThroughPages(client));
    const em = app.services.orm.em.fork();
    accountId = (await accountForApiKey(em, key))!.account.id;
    // Team: the suite views more pages a minute than Free allows (each view is an operation call).
    await setPlan(em, accountId, 'team');
    await signInThroughPages(client, key);

    ids.delivered = await sendTest(receiver.url('/ok'));
    ids.failed = await sendTest(receiver.url('/fail/test'));
    // An alert's delivery left pending after its first (failed) attempt, with its next attempt ahead.
    const alertId = randomInt(100_000_000, 900_000_000);
    const pending = await startAlertDelivery(
      {
        em: app.services.orm.em.fork(),
        client: app.services.temporal,
        taskQueue: app.config.TEMPORAL_TASK_QUEUE,
        publicBaseUrl: app.config.PUBLIC_BASE_URL,
        now: new Date(),
      },
      {
        accountId,
        url: receiver.url('/fail/alert'),
        alert: {
          alertId,
          companyNumber: '01234567',
          companyName: 'NORTHERN LOOM PLC',
          alertType: 'status_change',
          severity: 'critical',
          title: 'Company status changed to liquidation',
          detail: 'The registrar now lists the company as in liquidation (previously active).',
          detectedAt: new Date(),
          lists: [],
        },
      },
    );
    ids.pending = pending.eventId;
    await waitFor(async () => ((await apiDelivery(ids.pending)).attempt_count >= 1 ? true : undefined));
    // The row stays pending; the next attempt (a minute away) is not needed.
    await app.services.temporal.workflow.getHandle(webhookDeliveryWorkflowId(ids.pending)).terminate('test');
  });
  afterAll(async () => {
    for (const page of seen) expect(page.html).not.toContain(key);
    await app?.stop();
    await receiver?.close();
  });

  it('sends a test webhook from the page to the receiver, and shows what it answered on the delivery’s page', async () => {
    const arrived = receiver.received.filter((r) => r.headers['service-event-id'] === ids.delivered);
    expect(arrived).toHaveLength(1);
    expect(JSON.parse(arrived[0]!.rawBody)).toMatchObject({ id: ids.delivered, type: 'webhook.test' });

    const page = await show(`/app/deliveries/${ids.delivered}`);
    expect(page.status).toBe(200);
    const api = await apiDelivery(ids.delivered);
    const attempt = api.attempts[0]!;
    expect(page.html).toContain('<span class="delivery-status delivery-status-delivered">Delivered</span>');
    expect(page.html).toContain('Attempt 1: delivered');
    expect(page.html).toContain('HTTP 200');
    expect(page.html).toContain(`<dd>${attempt.duration_ms} ms</dd>`);
    expect(page.html).toContain('<dd>127.0.0.1</dd>');
    expect(page.html).toContain(`<code>${attempt.signed_with[0]}</code>`);
    expect(page.html).toContain(`<time datetime="${attempt.attempted_at}">`);
    expect(page.html).toContain(receiver.url('/ok'));
    expect(page.html).toContain('a test webhook, tried once and never retried');
  });

  it('shows a failed attempt’s status code, error class and the reply body, escaped', async () => {
    const page = await show(`/app/deliveries/${ids.failed}`);
    expect(page.html).toContain('<span class="delivery-status delivery-status-failed">Failed</span>');
    expect(page.html).toContain('HTTP 500');
    expect(page.html).toContain('<pre class="snippet">receiver &lt;b>failed&lt;/b></pre>');
    expect(page.html).toContain('id="redeliver-form"');
  });

  it('shows a pending delivery’s next attempt, and no Redeliver button', async () => {
    const api = await apiDelivery(ids.pending);
    expect(api.status).toBe('pending');
    const page = await show(`/app/deliveries/${ids.pending}`);
    expect(page.html).toContain(`(next attempt <time datetime="${api.next_attempt_at}">`);
    expect(page.html).toContain(`<time datetime="${api.attempts[0]!.next_attempt_at}">`);
    expect(page.html).toContain('<a href="/app/companies/01234567">01234567</a>');
    expect(page.html).not.toContain('id="redeliver-form"');
  });

  it('lists the deliveries newest first, each linking to its page', async () => {
    const page = await show('/app/deliveries');
    expect(page.status).toBe(200);
    const order = [ids.pending, ids.failed, ids.delivered].map((id) =>
      page.html.indexOf(`<a href="/app/deliveries/${id}"><code>${id}</code></a>`),
    );
    expect(order.every((at) => at > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(page.html).toContain('<label for="delivery-status">Status</label>');
    expect(page.html).toContain('<label for="test-webhook-url">Webhook URL</label>');
  });

  it.each(['pending', 'delivered', 'failed'] as const)('filters by status %s', async (status) => {
    const page = await show(`/app/deliveries?status=${status}`);
    expect(page.status).toBe(200);
    for (const [kind, id] of Object.entries(ids)) {
      if (kind === status) expect(page.html).toContain(`href="/app/deliveries/${id}"`);
      else expect(page.html).not.toContain(`href="/app/deliveries/${id}"`);
    }
    expect(page.html).toMatch(new RegExp(`<option value="${status}" selected`));
  });

  it('refuses a status the operation does not accept next to the select, not with a 500', async () => {
    const page = await show('/app/deliveries?status=lost');
    expect(page.status).toBe(400);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.html).toMatch(/<p class="field-error" id="delivery-status-error">/);
    // The newest deliveries still shown under the refusal.
    expect(page.html).toContain(`href="/app/deliveries/${ids.pending}"`);
    const cursor = await show('/app/deliveries?cursor=not-a-cursor');
    expect(cursor.status).toBe(400);
    expect(cursor.html).toContain('cursor: not a cursor this API returned');
  });

  it('pages with the operation’s cursor', async () => {
    const first = await request<DeliveriesAnswer>(app, 'GET', '/watchlist/webhooks/deliveries?limit=1', {
      key,
    });
    const next = first.body.next_cursor!;
    const page = await show(`/app/deliveries?cursor=${encodeURIComponent(next)}`);
    expect(page.status).toBe(200);
    expect(page.html).not.toContain(`href="/app/deliveries/${ids.pending}"`);
    expect(page.html).toContain(`href="/app/deliveries/${ids.failed}"`);
    expect(page.html).toContain('<a href="/app/deliveries">Newest deliveries</a>');
  });

  it('refuses an address the rules refuse, or none, next to the field, keeping what was typed and sending nothing', async () => {
    const before = (await apiDeliveries()).length;
    const received = receiver.received.length;
    const refused = await submit('/app/deliveries', '/app/deliveries/test', { url: 'http://10.1.2.3/hook' });
    expect(refused.status).toBe(422);
    expect(refused.html).toMatch(/<p class="field-error" id="test-webhook-url-error">/);
    expect(refused.html).toContain('value="http://10.1.2.3/hook"');
    const empty = await submit('/app/deliveries', '/app/deliveries/test', { url: '' });
    expect(empty.status).toBe(400);
    expect(empty.html).toMatch(/<p class="field-error" id="test-webhook-url-error">/);
    expect((await apiDeliveries()).length).toBe(before);
    expect(receiver.received.length).toBe(received);
  });

  it('redelivers an ended delivery from its page, and refuses one still pending', async () => {
    const page = await show(`/app/deliveries/${ids.failed}`);
    const answer = await client.post(`/app/deliveries/${ids.failed}/redeliver`, {
      csrf: csrfTokenIn(page.html),
    });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`/app/deliveries/${ids.failed}`);
    const after = await waitFor(async () => {
      const api = await apiDelivery(ids.failed);
      return api.status !== 'pending' && api.attempt_count === 2 ? api : undefined;
    });
    expect(after.redelivery_count).toBe(1);
    const again = await show(`/app/deliveries/${ids.failed}`);
    expect(again.html).toContain('Attempt 2: not delivered');
    expect(again.html).toContain(`1 time, last at <time datetime="${after.redelivered_at}">`);

    const pending = await show(`/app/deliveries/${ids.pending}`);
    const refused = await client.post(`/app/deliveries/${ids.pending}/redeliver`, {
      csrf: csrfTokenIn(pending.html),
    });
    expect(refused.status).toBe(409);
    expect(refused.html).toMatch(/<div class="notice notice-error" role="alert">/);
    expect((await apiDelivery(ids.pending)).redelivery_count).toBe(0);
  });

  it('refuses a form without its CSRF token: no test send, no redelivery', async () => {
    const received = receiver.received.length;
    const test = await client.post('/app/deliveries/test', { url: receiver.url('/ok') });
    expect(test.status).toBe(403);
    expect(test.html).toContain('csrf_refused');
    const redeliver = await client.post(`/app/deliveries/${ids.delivered}/redeliver`, {
      csrf: 'x'.repeat(43),
    });
    expect(redeliver.status).toBe(403);
    expect(receiver.received.length).toBe(received);
    expect((await apiDelivery(ids.delivered)).redelivery_count).toBe(0);
  });

  it('answers another account’s delivery, and ids that are none, with a 404 page', async () => {
    const stranger = new WebClient(app.url);
    await signInThroughPages(stranger, (await signUpThroughPages(stranger)).key);
    for (const id of Object.values(ids)) {
      const foreign = await stranger.get(`/app/deliveries/${id}`);
      expect(foreign.status).toBe(404);
      expect(foreign.headers.get('content-type')).toMatch(/^text\/html/);
      expect(foreign.html).not.toContain(receiver.origin);
    }
    const list = await stranger.get('/app/deliveries');
    expect(list.html).toContain('No deliveries yet');
    const token = csrfTokenIn(list.html);
    expect((await stranger.post(`/app/deliveries/${ids.failed}/redeliver`, { csrf: token })).status).toBe(
      404,
    );
    for (const id of ['evt_0_1', 'nope', 'x'.repeat(81)]) {
      expect((await show(`/app/deliveries/${id}`)).status).toBe(404);
    }
  });
});
