import { randomInt } from 'node:crypto';
import { alertEventSchema, type AlertForDelivery } from '../../src/domain/webhooks/events';
import { verifyWebhook } from '../../src/domain/webhooks/verify-webhook';
import { startAlertDelivery, type AlertDeliveryContext } from '../../src/temporal/delivery-starter';
import { webhookDeliveryWorkflowId } from '../../src/temporal/names';
import { startLocalReceiver, type LocalReceiver } from '../support/local-receiver';
import { request, signUp, startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import type { z } from 'zod';
import type { deliveryView } from '../../src/operations/delivery-view';
import type { listWebhookDeliveries } from '../../src/operations/list-webhook-deliveries';
import type { ErrorBody } from '../support/test-app';

type DeliveryView = z.infer<typeof deliveryView>;
type DeliveryPage = z.infer<typeof listWebhookDeliveries.output>;

const ISO_WITH_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const PUBLIC_BASE_URL = 'https://companies.example.co.uk';

describe('webhook deliveries: records, listing and alert delivery', () => {
  let receiver: LocalReceiver;
  let app: TestApp;
  /** Deliveries whose workflow may still be sleeping towards a retry; terminated at the end at the latest. */
  const running = new Set<string>();

  beforeAll(async () => {
    receiver = await startLocalReceiver();
    // Paths under /fail answer 500, everything else 200.
    receiver.respondWith((req) =>
      req.path.startsWith('/fail') ? { status: 500, body: 'receiver failed' } : { status: 200, body: 'ok' },
    );
    app = await startTestApp({ WEBHOOK_DEV_ALLOWED_ORIGINS: receiver.origin, PUBLIC_BASE_URL });
  });
  afterAll(async () => {
    for (const eventId of running) await terminate(eventId);
    await app?.stop();
    await receiver?.close();
  });

  let alertCounter = 0;
  const alertBase = randomInt(100_000_000, 900_000_000);
  function newAlert(overrides: Partial<AlertForDelivery> = {}): AlertForDelivery {
    alertCounter += 1;
    return {
      alertId: alertBase + alertCounter,
      companyNumber: '01234567',
      companyName: 'Acme Widgets Ltd',
      alertType: 'status_change',
      severity: 'critical',
      title: 'Company status changed to liquidation',
      detail: 'The registrar now lists the company as in liquidation (previously active).',
      detectedAt: new Date(Date.UTC(2026, 10, 21, 23, 45, 0, 0)),
      lists: [{ id: 1, name: 'Clients' }],
      ...overrides,
    };
  }

  function deliveryContext(now = new Date()): AlertDeliveryContext {
    return {
      em: app.services.orm.em.fork(),
      client: app.services.temporal,
      taskQueue: app.config.TEMPORAL_TASK_QUEUE,
      publicBaseUrl: app.config.PUBLIC_BASE_URL,
      now,
    };
  }

  async function deliverAlert(accountId: string, alert: AlertForDelivery, url: string, now = new Date()) {
    const delivery = await startAlertDelivery(deliveryContext(now), { accountId, alert, url });
    running.add(delivery.eventId);
    return delivery;
  }

  async function terminate(eventId: string): Promise<void> {
    running.delete(eventId);
    const handle = app.services.temporal.workflow.getHandle(webhookDeliveryWorkflowId(eventId));
    const { status } = await handle.describe();
    if (status.name === 'RUNNING') await handle.terminate('test finished');
  }

  async function getDelivery(key: string, id: string) {
    return request<DeliveryView>(app, 'GET', `/watchlist/webhooks/deliveries/${encodeURIComponent(id)}`, {
      key,
    });
  }

  /** Polls the delivery until its first attempt is recorded. */
  async function afterFirstAttempt(key: string, id: string): Promise<DeliveryView> {
    return waitFor(async () => {
      const response = await getDelivery(key, id);
      return response.status === 200 && response.body.attempt_count >= 1 ? response.body : undefined;
    });
  }

  async function testSend(key: string, url: string): Promise<string> {
    const response = await request<{ id: string }>(app, 'POST', '/watchlist/webhooks/test', {
      key,
      body: { url },
    });
    if (response.status !== 200) throw new Error(`test send failed: ${JSON.stringify(response.body)}`);
    return response.body.id;
  }

  const receivedFor = (eventId: string) =>
    receiver.received.filter((r) => r.headers['service-event-id'] === eventId);

  describe('an account with one delivery in each status', () => {
    let owner: { api_key: string; account_id: string };
    let secretId: string;
    const ids = { delivered: '', failed: '', pending: '' };

    beforeAll(async () => {
      owner = await signUp(app);
      ids.delivered = await testSend(owner.api_key, receiver.url('/ok'));
      ids.failed = await testSend(owner.api_key, receiver.url('/fail/test'));
      const pending = await deliverAlert(owner.account_id, newAlert(), receiver.url('/fail/alert'));
      ids.pending = pending.eventId;
      await afterFirstAttempt(owner.api_key, ids.pending);
      // The row stays pending; the workflow's next attempt (a minute away) is not needed.
      await terminate(ids.pending);
      const secret = await request<{ id: string }>(app, 'GET', '/watchlist/webhook-secret', {
        key: owner.api_key,
      });
      secretId = secret.body.id;
    });

    it('lists them newest first, each with every attempt recorded in full', async () => {
      const response = await request<DeliveryPage>(app, 'GET', '/watchlist/webhooks/deliveries', {
        key: owner.api_key,
      });
      expect(response.status).toBe(200);
      expect(response.body.next_cursor).toBeNull();
      const list = response.body.deliveries;
      expect(list.map((d) => d.id)).toEqual([ids.pending, ids.failed, ids.delivered]);
      const created = list.map((d) => Date.parse(d.created_at));
      expect(created).toEqual([...created].sort((a, b) => b - a));

      for (const delivery of list) {
        expect(delivery.created_at).toMatch(ISO_WITH_MS);
        expect(delivery.attempt_count).toBe(1);
        expect(delivery.attempts).toHaveLength(1);
        const attempt = delivery.attempts[0]!;
        expect(attempt.number).toBe(1);
        expect(attempt.attempted_at).toMatch(ISO_WITH_MS);
        expect(Number.isInteger(attempt.duration_ms)).toBe(true);
        expect(attempt.duration_ms).toBeGreaterThanOrEqual(0);
        expect(attempt.resolved_address).toBe('127.0.0.1');
        expect(attempt.signed_with).toEqual([secretId]);
        expect(Object.keys(attempt)).toEqual(
          expect.arrayContaining([
            'number',
            'attempted_at',
            'duration_ms',
            'status_code',
            'error_class',
            'response_body_snippet',
            'resolved_address',
            'signed_with',
            'next_attempt_at',
          ]),
        );
      }

      const [pending, failed, delivered] = list;
      expect(delivered).toMatchObject({
        status: 'delivered',
        event_type: 'webhook.test',
        url: receiver.url('/ok'),
        company_number: null,
        alert_id: null,
        max_attempts: 1,
        next_attempt_at: null,
      });
      expect(delivered!.completed_at).toMatch(ISO_WITH_MS);
      expect(delivered!.attempts[0]).toMatchObject({
        delivered: true,
        status_code: 200,
        error_class: null,
        response_body_snippet: 'ok',
        next_attempt_at: null,
      });

      expect(failed).toMatchObject({ status: 'failed', event_type: 'webhook.test', max_attempts: 1 });
      expect(failed!.attempts[0]).toMatchObject({
        delivered: false,
        status_code: 500,
        error_class: 'http_status',
        response_body_snippet: 'receiver failed',
        next_attempt_at: null,
      });

      expect(pending).toMatchObject({
        status: 'pending',
        event_type: 'company.alert',
        company_number: '01234567',
        max_attempts: 8,
        completed_at: null,
      });
      expect(pending!.attempts[0]).toMatchObject({
        delivered: false,
        status_code: 500,
        error_class: 'http_status',
      });
      expect(pending!.attempts[0]!.next_attempt_at).toMatch(ISO_WITH_MS);
      expect(pending!.next_attempt_at).toBe(pending!.attempts[0]!.next_attempt_at);
    });

    it.each(['pending', 'delivered', 'failed'] as const)(
      '?status=%s returns only that status',
      async (status) => {
        const response = await request<DeliveryPage>(
          app,
          'GET',
          `/watchlist/webhooks/deliveries?status=${status}`,
          {
            key: owner.api_key,
          },
        );
        expect(response.status).toBe(200);
        expect(response.body.deliveries.map((d) => [d.id, d.status])).toEqual([[ids[status], status]]);
      },
    );

    it('GET /watchlist/webhooks/deliveries/{id} returns one delivery with its attempts', async () => {
      for (const id of Object.values(ids)) {
        const response = await getDelivery(owner.api_key, id);
        expect(response.status).toBe(200);
        expect(response.body.id).toBe(id);
        expect(response.body.attempts).toHaveLength(1);
        expect(response.body.attempts[0]!.signed_with).toEqual([secretId]);
      }
    });

    it('says of each that it was never sent again on request (redelivery_count 0, redelivered_at null)', async () => {
      for (const id of Object.values(ids)) {
        const response = await getDelivery(owner.api_key, id);
        expect(response.body).toMatchObject({ redelivery_count: 0, redelivered_at: null });
      }
    });

    it('another account cannot see them: 404 not_found, and they are not in its list', async () => {
      const other = await signUp(app);
      for (const id of Object.values(ids)) {
        const response = await request<ErrorBody>(
          app,
          'GET',
          `/watchlist/webhooks/deliveries/${encodeURIComponent(id)}`,
          { key: other.api_key },
        );
        expect(response.status).toBe(404);
        expect(response.body.error.code).toBe('not_found');
      }
      const list = await request<DeliveryPage>(app, 'GET', '/watchlist/webhooks/deliveries', {
        key: other.api_key,
      });
      expect(list.status).toBe(200);
      expect(list.body.deliveries).toEqual([]);
    });

    it('an unknown delivery id is a 404 not_found', async () => {
      for (const id of ['evt_test_doesnotexist', 'evt_1_1', 'nothing-like-an-id']) {
        const response = await request<ErrorBody>(app, 'GET', `/watchlist/webhooks/deliveries/${id}`, {
          key: owner.api_key,
        });
        expect(response.status).toBe(404);
        expect(response.body.error.code).toBe('not_found');
      }
    });

    it('needs an API key', async () => {
      expect((await request(app, 'GET', '/watchlist/webhooks/deliveries')).status).toBe(401);
      expect((await request(app, 'GET', `/watchlist/webhooks/deliveries/${ids.delivered}`)).status).toBe(401);
    });

    it.each([
      ['an unknown status', 'status=lost', 'status'],
      ['an empty status', 'status=', 'status'],
      ['a limit of 0', 'limit=0', 'limit'],
      ['a limit over 100', 'limit=101', 'limit'],
      ['a limit that is not a number', 'limit=ten', 'limit'],
      ['a fractional limit', 'limit=1.5', 'limit'],
      ['a cursor that is not base64 JSON', 'cursor=not-a-cursor', 'cursor'],
      [
        'a well-encoded cursor of the wrong shape',
        `cursor=${Buffer.from('{"x":1}').toString('base64url')}`,
        'cursor',
      ],
    ])('%s is a 400 invalid_argument naming it', async (_name, query, argument) => {
      const response = await request<ErrorBody>(app, 'GET', `/watchlist/webhooks/deliveries?${query}`, {
        key: owner.api_key,
      });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('invalid_argument');
      const problems = response.body.error.details.problems as { argument: string }[];
      expect(problems.map((p) => p.argument)).toContain(argument);
    });
  });

  it('pages with limit and next_cursor, newest first, without overlap', async () => {
    const { api_key } = await signUp(app);
    const sent: string[] = [];
    for (let i = 0; i < 3; i++) sent.push(await testSend(api_key, receiver.url(`/ok/${i}`)));
    const newestFirst = [...sent].reverse();

    const first = await request<DeliveryPage>(app, 'GET', '/watchlist/webhooks/deliveries?limit=2', {
      key: api_key,
    });
    expect(first.status).toBe(200);
    expect(first.body.deliveries.map((d) => d.id)).toEqual(newestFirst.slice(0, 2));
    expect(typeof first.body.next_cursor).toBe('string');

    const second = await request<DeliveryPage>(
      app,
      'GET',
      `/watchlist/webhooks/deliveries?limit=2&cursor=${encodeURIComponent(first.body.next_cursor!)}`,
      { key: api_key },
    );
    expect(second.status).toBe(200);
    expect(second.body.deliveries.map((d) => d.id)).toEqual(newestFirst.slice(2));
    expect(second.body.next_cursor).toBeNull();

    // A page that ends exactly at the last delivery says there is no more.
    const exact = await request<DeliveryPage>(app, 'GET', '/watchlist/webhooks/deliveries?limit=3', {
      key: api_key,
    });
    expect(exact.body.deliveries.map((d) => d.id)).toEqual(newestFirst);
    expect(exact.body.next_cursor).toBeNull();

    // Paging one at a time visits each delivery once.
    const visited: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `limit=1&cursor=${encodeURIComponent(cursor)}` : 'limit=1';
      const page: { body: DeliveryPage } = await request<DeliveryPage>(
        app,
        'GET',
        `/watchlist/webhooks/deliveries?${query}`,
        { key: api_key },
      );
      visited.push(...page.body.deliveries.map((d) => d.id));
      cursor = page.body.next_cursor;
    } while (cursor && visited.length <= 3);
    expect(visited).toEqual(newestFirst);
  });

  describe('startAlertDelivery (what the change check calls)', () => {
    it('delivers a company.alert whose body is exactly the spec payload, signed and verifiable', async () => {
      const { api_key, account_id } = await signUp(app);
      const alert = newAlert();
      const now = new Date();
      const delivery = await deliverAlert(account_id, alert, receiver.url('/alerts'), now);
      const eventId = `evt_${alert.alertId}_1`;
      expect(delivery.eventId).toBe(eventId);

      const received = await waitFor(async () => receivedFor(eventId)[0]);
      expect(received.method).toBe('POST');
      expect(received.path).toBe('/alerts');
      expect(received.headers['content-type']).toMatch(/^application\/json\b/);
      expect(received.headers['service-event-type']).toBe('company.alert');

      const body: unknown = JSON.parse(received.rawBody);
      const parsed = alertEventSchema.safeParse(body);
      expect(parsed.error?.issues).toBeUndefined();
      expect(body).toStrictEqual({
        id: eventId,
        type: 'company.alert',
        created_at: now.toISOString(),
        data: {
          alert_id: alert.alertId,
          company_number: '01234567',
          company_name: 'Acme Widgets Ltd',
          alert_type: 'status_change',
          severity: 'critical',
          title: alert.title,
          detail: alert.detail,
          detected_at: '2026-11-21T23:45:00.000Z',
          links: {
            company: `${PUBLIC_BASE_URL}/company/01234567`,
            alerts: `${PUBLIC_BASE_URL}/watchlist/alerts?company_number=01234567`,
          },
          lists: [{ id: 1, name: 'Clients' }],
        },
      });
      expect((body as { created_at: string }).created_at).toMatch(ISO_WITH_MS);

      const secret = await request<{ secret: string }>(app, 'GET', '/watchlist/webhook-secret', {
        key: api_key,
      });
      const header = received.headers['service-signature'] as string;
      expect(verifyWebhook(received.rawBody, header, secret.body.secret)).toMatchObject({ ok: true });

      const record = await waitFor(async () => {
        const response = await getDelivery(api_key, eventId);
        return response.body.status === 'delivered' ? response.body : undefined;
      });
      expect(record).toMatchObject({
        event_type: 'company.alert',
        company_number: '01234567',
        alert_id: alert.alertId,
        url: receiver.url('/alerts'),
        attempt_count: 1,
        max_attempts: 8,
        next_attempt_at: null,
      });
      expect(record.attempts).toHaveLength(1);
      expect(record.attempts[0]).toMatchObject({ delivered: true, status_code: 200, next_attempt_at: null });
    });

    it('starting the same alert twice (or again after delivery) stores one delivery and sends once', async () => {
      const { api_key, account_id } = await signUp(app);
      const alert = newAlert();
      const eventId = `evt_${alert.alertId}_1`;
      const url = receiver.url('/alerts/twice');
      const [a, b] = await Promise.all([
        deliverAlert(account_id, alert, url),
        deliverAlert(account_id, alert, url, new Date(Date.now() + 5)),
      ]);
      expect([a.eventId, b.eventId]).toEqual([eventId, eventId]);
      await waitFor(async () => {
        const response = await getDelivery(api_key, eventId);
        return response.body.status === 'delivered' ? true : undefined;
      });
      // Once more after the delivery finished: a finished delivery is never sent again.
      await deliverAlert(account_id, alert, url);
      await sleep(2_000);

      expect(receivedFor(eventId)).toHaveLength(1);
      const list = await request<DeliveryPage>(app, 'GET', '/watchlist/webhooks/deliveries', {
        key: api_key,
      });
      expect(list.body.deliveries.map((d) => d.id)).toEqual([eventId]);
      expect(list.body.deliveries[0]!.attempts).toHaveLength(1);
      const rows = await app.services.orm.em
        .fork()
        .getConnection()
        .execute('select count(*) as n from webhook_deliveries where event_id = ?', [eventId]);
      expect(Number(rows[0]?.n)).toBe(1);
    });

    it('a failing receiver leaves the delivery pending, retry due in 1 minute, findable in Temporal', async () => {
      const { api_key, account_id } = await signUp(app);
      const alert = newAlert();
      const delivery = await deliverAlert(account_id, alert, receiver.url('/fail/alerts'));
      const eventId = delivery.eventId;
      try {
        const record = await afterFirstAttempt(api_key, eventId);
        expect(record).toMatchObject({
          status: 'pending',
          attempt_count: 1,
          max_attempts: 8,
          completed_at: null,
        });
        expect(record.attempts).toHaveLength(1);
        const attempt = record.attempts[0]!;
        expect(attempt).toMatchObject({
          number: 1,
          delivered: false,
          status_code: 500,
          error_class: 'http_status',
        });
        expect(attempt.next_attempt_at).not.toBeNull();
        const delay = Date.parse(attempt.next_attempt_at!) - Date.parse(attempt.attempted_at);
        expect(Math.abs(delay - 60_000)).toBeLessThanOrEqual(2_000);
        expect(record.next_attempt_at).toBe(attempt.next_attempt_at);
        expect(receivedFor(eventId)).toHaveLength(1);

        const workflowId = webhookDeliveryWorkflowId(eventId);
        expect(workflowId).toBe(`webhook-delivery/${eventId}`);
        const query = `DeliveryStatus = "pending" AND CompanyNumber = "01234567" AND AccountId = "${account_id}"`;
        const found = await waitFor(async () => {
          for await (const execution of app.services.temporal.workflow.list({ query })) {
            if (execution.workflowId === workflowId) return execution;
          }
          return undefined;
        });
        expect(found.status.name).toBe('RUNNING');
        expect(found.type).toBe('webhookDeliveryWorkflow');
      } finally {
        await terminate(eventId);
      }
    });
  });
});

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
