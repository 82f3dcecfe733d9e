import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import type { z } from 'zod';
import { WebhookDeliveryEntity } from '../../src/db/entities/webhook-delivery';
import { verifyStandardWebhook } from '../../src/domain/webhooks/verify-standard-webhook';
import { verifyWebhook } from '../../src/domain/webhooks/verify-webhook';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import type { webhookSecretView } from '../../src/operations/webhook-secret-view';
import { launchDeliveryWorkflow } from '../../src/temporal/delivery-starter';
import { checkSimulatedChanges } from '../support/simulated-changes';
import { startLocalReceiver, type LocalReceiver, type ReceivedRequest } from '../support/local-receiver';
import { projectRoot } from '../support/paths';
import { chargeRegistered, nameChange } from '../support/sample-changes';
import { request, signUp, startTestApp, type ErrorBody, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

type SecretView = z.infer<typeof webhookSecretView>;

const fixture = join(projectRoot, 'test/fixtures/companies/basic-company-data-sample.csv');
const STANDARD = ['webhook-id', 'webhook-timestamp', 'webhook-signature'];

/** Both independent checks of the Standard Webhooks headers, and our own Service-Signature beside them. */
function expectVerified(received: ReceivedRequest, secret: SecretView) {
  const headers = received.headers as Record<string, string>;
  expect(new Webhook(secret.standard_webhooks_secret).verify(received.rawBody, headers)).toEqual(
    JSON.parse(received.rawBody),
  );
  expect(verifyStandardWebhook(received.rawBody, headers, secret.standard_webhooks_secret).ok).toBe(true);
  expect(headers['webhook-id']).toBe(JSON.parse(received.rawBody).id);
  expect(headers['webhook-id']).toBe(headers['service-event-id']);
  expect(verifyWebhook(received.rawBody, headers['service-signature'], secret.secret).ok).toBe(true);
}

describe('Standard Webhooks, opt-in per address', () => {
  let receiver: LocalReceiver;
  let app: TestApp;
  let key: string;

  const secretOf = async (apiKey = key) =>
    (await request<SecretView>(app, 'GET', '/watchlist/webhook-secret', { key: apiKey })).body;
  const until = async (count: number) => {
    for (let i = 0; i < 600 && receiver.received.length < count; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(receiver.received.length).toBeGreaterThanOrEqual(count);
  };

  beforeAll(async () => {
    receiver = await startLocalReceiver();
    app = await startTestApp({ WEBHOOK_DEV_ALLOWED_ORIGINS: receiver.origin });
    await importCompaniesCsv(app.services.orm.em.fork(), fixture, { asOf: new Date('2026-11-22T00:00:00Z') });
    key = (await signUp(app)).api_key;
  });
  afterAll(async () => {
    await app?.stop();
    await receiver?.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
  });

  it('the test endpoint sends the three headers when asked, and none when not', async () => {
    const url = receiver.url('/test');
    const on = await request(app, 'POST', '/watchlist/webhooks/test', {
      key,
      body: { url, standard_webhooks: true },
    });
    expect(on.body).toMatchObject({ delivered: true });
    const off = await request(app, 'POST', '/watchlist/webhooks/test', { key, body: { url } });
    expect(off.body).toMatchObject({ delivered: true });
    const [signed, plain] = receiver.received;
    expectVerified(signed!, await secretOf());
    for (const header of STANDARD) expect(plain!.headers[header]).toBeUndefined();
    expect(
      verifyWebhook(plain!.rawBody, plain!.headers['service-signature'] as string, (await secretOf()).secret)
        .ok,
    ).toBe(true);
  });

  it('a list that opted in gets company.alert with them; a watchlist address that did not, without', async () => {
    const post = (path: string, body: unknown) => request(app, 'POST', path, { key, body });
    const list = (await post('/lists', { name: 'Standard', kind: 'clients' })).body.id as number;
    const patched = await request(app, 'PATCH', `/lists/${list}`, {
      key,
      body: { webhook_url: receiver.url('/list'), alert_webhook: true, standard_webhooks: true },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ standard_webhooks: true });
    await post('/lists/companies', { list_id: list, company_numbers: ['09876543', '01234567'] });
    const watched = await post('/watchlist', {
      company_number: '01234567',
      webhook_url: receiver.url('/own'),
    });
    expect(watched.body).toMatchObject({ standard_webhooks: false });

    const eventIds = await checkSimulatedChanges(app, [nameChange, chargeRegistered]);
    const rows = await app.services.orm.em.fork().find(WebhookDeliveryEntity, { eventId: { $in: eventIds } });
    expect(rows.map((row) => [row.companyNumber, row.standardWebhooks]).sort()).toEqual([
      ['01234567', false],
      ['09876543', true],
    ]);
    for (const row of rows) {
      await launchDeliveryWorkflow(app.services.temporal, app.config.TEMPORAL_TASK_QUEUE, row);
    }
    await until(2);
    const byPath = new Map(receiver.received.map((received) => [received.path, received]));
    const secret = await secretOf();
    expectVerified(byPath.get('/list')!, secret);
    expect(JSON.parse(byPath.get('/list')!.rawBody).type).toBe('company.alert');
    for (const header of STANDARD) expect(byPath.get('/own')!.headers[header]).toBeUndefined();

    // Turned off on the list after the alert: its redelivery still signs as the delivery was made.
    await request(app, 'PATCH', `/lists/${list}`, { key, body: { standard_webhooks: false } });
    const listed = rows.find((row) => row.companyNumber === '09876543')!;
    // Received is not yet recorded: a delivery is redelivered once its workflow has stored the outcome.
    await waitFor(async () => {
      const row = await app.services.orm.em
        .fork()
        .findOne(WebhookDeliveryEntity, { eventId: listed.eventId });
      return row?.status === 'delivered' ? row : undefined;
    });
    receiver.received.length = 0;
    const again = await request(app, 'POST', `/watchlist/webhooks/deliveries/${listed.eventId}/redeliver`, {
      key,
    });
    expect(again.status).toBe(202);
    await until(1);
    expectVerified(receiver.received[0]!, secret);
  });

  it('during a rotation carries one v1 per secret, and each secret verifies alone', async () => {
    const { api_key } = await signUp(app);
    const before = await secretOf(api_key);
    const rotated = await request<SecretView>(app, 'POST', '/watchlist/webhook-secret/rotate', {
      key: api_key,
    });
    expect(rotated.status).toBe(201);
    await request(app, 'POST', '/watchlist/webhooks/test', {
      key: api_key,
      body: { url: receiver.url('/rotating'), standard_webhooks: true },
    });
    const [received] = receiver.received;
    expect(received!.headers['webhook-signature']).toMatch(/^v1,\S+ v1,\S+$/);
    const headers = received!.headers as Record<string, string>;
    for (const secret of [before.standard_webhooks_secret, rotated.body.standard_webhooks_secret]) {
      expect(() => new Webhook(secret).verify(received!.rawBody, headers)).not.toThrow();
    }
    expect(rotated.body.previous?.standard_webhooks_secret).toBe(before.standard_webhooks_secret);
  });

  it('refuses a flag that is not a boolean, or one set without an address, each with its code', async () => {
    const list = (await request(app, 'POST', '/lists', { key, body: { name: 'Bare', kind: 'clients' } })).body
      .id as number;
    const cases: [string, string, unknown, number, string][] = [
      ['PATCH', `/lists/${list}`, { standard_webhooks: 'yes' }, 400, 'invalid_argument'],
      ['PATCH', `/lists/${list}`, { standard_webhooks: true }, 400, 'invalid_argument'],
      ['POST', '/watchlist', { company_number: '09876543', standard_webhooks: 1 }, 400, 'invalid_argument'],
      [
        'POST',
        '/watchlist/webhooks/test',
        { url: receiver.url('/x'), standard_webhooks: 'true' },
        400,
        'invalid_argument',
      ],
    ];
    for (const [method, path, body, status, code] of cases) {
      const reply = await request<ErrorBody>(app, method as 'POST', path, { key, body });
      expect([path, reply.status, reply.body.error?.code]).toEqual([path, status, code]);
    }
    expect(receiver.received).toHaveLength(0);
  });
});
