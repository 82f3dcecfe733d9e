import { join } from 'node:path';
import type { z } from 'zod';
import { webhookCommands } from '../../src/cli/webhook-commands';
import { accountForApiKey, setPlan } from '../../src/domain/accounts/accounts';
import { WebhookDeliveryEntity } from '../../src/db/entities/webhook-delivery';
import { createDelivery, recordAttempt } from '../../src/domain/webhooks/deliveries';
import type { ChangeDraft } from '../../src/domain/changes/company-changes';
import { checkSimulatedChanges, strikeOffProposal } from '../support/simulated-changes';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import type { getLists } from '../../src/operations/get-lists';
import type { getWatchlistAlerts } from '../../src/operations/get-watchlist-alerts';
import type { listWebhookDeliveries } from '../../src/operations/list-webhook-deliveries';
import { startDeliveryWorkflow } from '../../src/temporal/delivery-starter';
import { startLocalReceiver, type LocalReceiver } from '../support/local-receiver';
import { projectRoot } from '../support/paths';
import { chargeRegistered, nameChange } from '../support/sample-changes';
import { request, startTestApp, type ErrorBody, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { signInThroughPages, signUpThroughPages, WebClient } from '../support/web-client';

type Deliveries = z.infer<typeof listWebhookDeliveries.output>;
type Lists = z.infer<typeof getLists.output>;
type AlertsPage = z.infer<typeof getWatchlistAlerts.output>;

const fixture = join(projectRoot, 'test/fixtures/companies/basic-company-data-sample.csv');
const DISABLE_AFTER_SECONDS = 60;

describe('webhook endpoint health: an address that only fails is disabled, then re-enabled with a recovery', () => {
  let receiver: LocalReceiver;
  let app: TestApp;
  let up = false;
  /** The worker's clock runs this far ahead: the disabling period passes without waiting for it. */
  let aheadMs = 0;
  const running = new Set<string>();

  beforeAll(async () => {
    receiver = await startLocalReceiver();
    receiver.respondWith(() =>
      up ? { status: 200, body: 'ok' } : { status: 500, body: 'down for repairs' },
    );
    app = await startTestApp(
      {
        WEBHOOK_DEV_ALLOWED_ORIGINS: receiver.origin,
        WEBHOOK_DISABLE_AFTER_SECONDS: String(DISABLE_AFTER_SECONDS),
      },
      { clock: () => new Date(Date.now() + aheadMs) },
    );
    await importCompaniesCsv(app.services.orm.em.fork(), fixture, { asOf: new Date('2026-11-22T00:00:00Z') });
  });
  afterAll(async () => {
    for (const workflowId of running) {
      const handle = app.services.temporal.workflow.getHandle(workflowId);
      if ((await handle.describe()).status.name === 'RUNNING') await handle.terminate('test finished');
    }
    await app?.stop();
    await receiver?.close();
  });

  /** The change check as its activity runs it: alerts and deliveries written, then each pending one started. */
  async function changeCheck(drafts: ChangeDraft[]): Promise<string[]> {
    const eventIds = await checkSimulatedChanges(app, drafts, new Date(Date.now() + aheadMs));
    for (const eventId of eventIds) {
      const delivery = await app.services.orm.em.fork().findOneOrFail(WebhookDeliveryEntity, { eventId });
      const handle = await startDeliveryWorkflow(
        app.services.temporal,
        app.config.TEMPORAL_TASK_QUEUE,
        delivery,
      );
      running.add(handle.workflowId);
    }
    return eventIds;
  }

  const endpointsOf = async (key: string) =>
    (await request<Deliveries>(app, 'GET', '/watchlist/webhooks/deliveries', { key })).body.endpoints;
  const receivedFor = (eventId: string) =>
    receiver.received.filter((r) => r.headers['service-event-id'] === eventId).length;

  it('counts failures, disables after the period, holds new alerts back (endpoint_disabled), shows it, and recovers them once', async () => {
    const web = new WebClient(app.url);
    const { key } = await signUpThroughPages(web);
    const em = app.services.orm.em.fork();
    const accountId = (await accountForApiKey(em, key))!.account.id;
    // Team: the web app's webhook pages and many page views in a minute.
    await setPlan(em, accountId, 'team');
    await signInThroughPages(web, key);
    const url = receiver.url('/hooks/failing');
    const list = (await request(app, 'POST', '/lists', { key, body: { name: 'Clients', kind: 'clients' } }))
      .body.id as number;
    await request(app, 'PATCH', `/lists/${list}`, { key, body: { webhook_url: url, alert_webhook: true } });
    await request(app, 'POST', '/lists/companies', {
      key,
      body: { list_id: list, company_numbers: ['09876543', '01234567'] },
    });

    // First failure: counted, not yet disabled.
    await changeCheck([nameChange]);
    const failing = await waitFor(async () => {
      const [endpoint] = await endpointsOf(key);
      return endpoint?.consecutive_failures === 1 ? endpoint : undefined;
    });
    expect(failing).toMatchObject({ url, state: 'enabled', last_success_at: null, disabled_at: null });
    expect(failing.last_error).toBe('Receiver replied 500: down for repairs');

    // A failure a period after the first: disabled. Each delivery keeps the spec's schedule (its retry is
    // 1 minute on, in real time: not within this test).
    aheadMs = (DISABLE_AFTER_SECONDS + 1) * 1000;
    await changeCheck([chargeRegistered]);
    const disabled = await waitFor(async () => {
      const [endpoint] = await endpointsOf(key);
      return endpoint?.state === 'disabled' ? endpoint : undefined;
    });
    expect(disabled).toMatchObject({ url, consecutive_failures: 2, failing_since: failing.failing_since });
    const lists = await request<Lists>(app, 'GET', '/lists', { key });
    expect(lists.body.lists.find((l) => l.id === list)?.webhook_health).toMatchObject({
      state: 'disabled',
      consecutive_failures: 2,
    });

    // A new alert for the disabled address: recorded, listed as not sent, no workflow started.
    expect(await changeCheck([strikeOffProposal])).toEqual([]);
    const alerts = await request<AlertsPage>(app, 'GET', '/watchlist/alerts', { key });
    const held = alerts.body.alerts.find((alert) => alert.alert_type === 'gazette_notice')!;
    expect(held).toMatchObject({ not_sent_reason: 'endpoint_disabled', delivery: { status: 'failed' } });
    const heldId = held.delivery!.event_id;
    expect(receivedFor(heldId)).toBe(0);

    // Operators see it.
    const health = (await webhookCommands['endpoint-health']!(
      app.services.orm,
      {
        account: accountId,
      },
      [],
    )) as { disabled: number; endpoints: { url: string; state: string }[] };
    expect(health).toMatchObject({ disabled: 1, endpoints: [{ url, state: 'disabled' }] });

    // The web app: the banner with the last error and the button, on the list page and the deliveries page.
    for (const path of [`/app/lists/${list}`, '/app/deliveries']) {
      const page = await web.get(path);
      expect(page.status).toBe(200);
      expect(page.html).toContain('class="notice notice-error endpoint-disabled"');
      expect(page.html).toContain('down for repairs');
      expect(page.html).toContain('Re-enable and recover');
    }

    // Bad input: an address never sent to (404); another account's list (404, nothing re-enabled).
    const unknown = await request<ErrorBody>(app, 'POST', '/watchlist/webhooks/recover', {
      key,
      body: { since: new Date(Date.now() - 60_000).toISOString(), url: receiver.url('/hooks/never') },
    });
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'not_found']);
    const stranger = new WebClient(app.url);
    const { key: strangerKey } = await signUpThroughPages(stranger);
    await signInThroughPages(stranger, strangerKey);
    const foreign = await stranger.submit('/app/deliveries', `/app/lists/${list}/webhook/reenable`, {});
    expect(foreign.status).toBe(404);
    expect((await endpointsOf(key))[0]?.state).toBe('disabled');

    // Re-enable and recover from the list page: what was held back is sent, once.
    up = true;
    const reenabled = await web.submit(`/app/lists/${list}`, `/app/lists/${list}/webhook/reenable`, {});
    expect([reenabled.status, reenabled.location]).toEqual([303, `/app/lists/${list}`]);
    await waitFor(async () => {
      const row = await app.services.orm.em.fork().findOneOrFail(WebhookDeliveryEntity, { eventId: heldId });
      return row.status === 'delivered' ? row : undefined;
    });
    expect(receivedFor(heldId)).toBe(1);
    const after = await request<AlertsPage>(app, 'GET', '/watchlist/alerts', { key });
    expect(after.body.alerts.find((alert) => alert.alert_type === 'gazette_notice')).toMatchObject({
      not_sent_reason: null,
      delivery: { event_id: heldId, status: 'delivered' },
    });
    const [healthy] = await endpointsOf(key);
    expect(healthy).toMatchObject({ state: 'enabled', consecutive_failures: 0, failing_since: null });
    expect(healthy?.last_success_at).not.toBeNull();
    const page = await web.get(`/app/lists/${list}`);
    expect(page.html).not.toContain('Re-enable and recover');

    // Re-enabling an address that is not disabled is refused, and sends nothing again.
    const again = await request<ErrorBody>(app, 'POST', '/watchlist/webhooks/recover', {
      key,
      body: { since: new Date(Date.now() - 3_600_000).toISOString(), url },
    });
    expect([again.status, again.body.error.code]).toEqual([409, 'conflict']);
    expect(receivedFor(heldId)).toBe(1);

    // An Idempotency-Key answers again only for the same request: the same since with a url is another request.
    const keyed = { 'Idempotency-Key': 'recover-health-1' };
    const since = new Date(Date.now() - 3_600_000).toISOString();
    const everyAddress = await request(app, 'POST', '/watchlist/webhooks/recover', {
      key,
      headers: keyed,
      body: { since },
    });
    expect(everyAddress.status).toBe(202);
    const withUrl = await request<ErrorBody>(app, 'POST', '/watchlist/webhooks/recover', {
      key,
      headers: keyed,
      body: { since, url },
    });
    expect([withUrl.status, withUrl.body.error.code]).toEqual([409, 'conflict']);
    expect(withUrl.body.error.message).toMatch(/another since, limit or url/);
  });

  it('counts an attempt once however often its recording is retried; a success ends the run but does not re-enable', async () => {
    const { key } = await signUpThroughPages(new WebClient(app.url));
    const em = () => app.services.orm.em.fork();
    const accountId = (await accountForApiKey(em(), key))!.account.id;
    const url = receiver.url('/hooks/recorded');
    const at = (seconds: number) => new Date(Date.UTC(2026, 10, 1, 0, 0, seconds));
    const delivery = await createDelivery(
      em(),
      {
        eventId: `evt_health_${accountId}`,
        accountId,
        eventType: 'company.alert',
        companyNumber: null,
        alertId: null,
        url,
        body: '{}',
        maxAttempts: 8,
        standardWebhooks: false,
      },
      at(0),
    );
    const attempt = (number: number, delivered: boolean, seconds: number) => ({
      eventId: delivery.eventId,
      number,
      attemptedAt: at(seconds),
      durationMs: 1,
      delivered,
      statusCode: delivered ? 200 : 503,
      errorClass: delivered ? null : 'http_status',
      errorMessage: delivered ? null : 'Receiver replied 503',
      responseSnippet: null,
      resolvedAddress: null,
      signedWith: '',
      nextAttemptAt: null,
    });
    const health = async () => (await endpointsOf(key)).find((endpoint) => endpoint.url === url);
    // The activity's retry after a lost answer records the same attempt again.
    await recordAttempt(em(), attempt(1, false, 0), 'pending', at(0), 0, 10_000);
    await recordAttempt(em(), attempt(1, false, 0), 'pending', at(0), 0, 10_000);
    expect(await health()).toMatchObject({ consecutive_failures: 1, state: 'enabled' });
    await recordAttempt(em(), attempt(2, false, 10), 'pending', at(10), 0, 10_000);
    expect(await health()).toMatchObject({ consecutive_failures: 2, state: 'disabled' });
    await recordAttempt(em(), attempt(3, true, 20), 'delivered', at(20), 0, 10_000);
    expect(await health()).toMatchObject({
      consecutive_failures: 0,
      failing_since: null,
      last_success_at: at(20).toISOString(),
      state: 'disabled',
    });
  });
});
