import { ScheduleOverlapPolicy } from '@temporalio/client';
import pino from 'pino';
import { AlertEntity } from '../../src/db/entities/alert';
import { CompanyEntity } from '../../src/db/entities/company';
import { WebhookDeliveryEntity } from '../../src/db/entities/webhook-delivery';
import { ChangeCheckStateEntity } from '../../src/db/entities/change-check-state';
import { isoDay } from '../../src/domain/companies/company-profile';
import { addDays } from '../../src/domain/companies/register-dates';
import { ServiceError } from '../../src/domain/errors';
import { alertEventSchema } from '../../src/domain/webhooks/events';
import { verifyWebhook } from '../../src/domain/webhooks/verify-webhook';
import { importDemoRegister } from '../../src/demo/demo-data';
import { simulateChange } from '../../src/demo/simulator/simulate-changes';
import { ensureChangeCheckSchedule, runChangeCheckNow } from '../../src/temporal/change-check-schedule';
import { CHANGE_CHECK_SCHEDULE_ID, workflowTypes } from '../../src/temporal/names';
import { startLocalReceiver, type LocalReceiver, type ReceivedRequest } from '../support/local-receiver';
import { request, signUp, startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

const BASE_URL = 'https://api.example.test';

describe('the change check: Schedule, alerts and one webhook per change (dev server)', () => {
  let receiver: LocalReceiver;
  let app: TestApp;
  /** The worker's clock: real time unless a test moves it (overdue alerts). */
  let offsetDays = 0;
  let active: string[];

  beforeAll(async () => {
    receiver = await startLocalReceiver();
    app = await startTestApp(
      { WEBHOOK_DEV_ALLOWED_ORIGINS: receiver.origin, PUBLIC_BASE_URL: BASE_URL },
      { changeCheckSchedule: true, clock: () => new Date(Date.now() + offsetDays * 86_400_000) },
    );
    await importDemoRegister(app.services.orm.em.fork(), { companies: 60, seed: 7 });
    const companies = await app.services.orm.em
      .fork()
      .find(CompanyEntity, { companyStatus: 'active' }, { orderBy: { companyNumber: 'asc' } });
    active = companies.map((company) => company.companyNumber);
    // Start from a check that has read everything so far (the demo import is the baseline anyway).
    await runChangeCheckNow(app.services.temporal);
    // A worker with its Schedules, a demo register with postcodes and health scores, and a first check: more than
    // the default 30 s on a loaded two-core machine.
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
    await receiver?.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.respondWith(() => ({ status: 200, body: 'ok' }));
  });

  let nextCompany = 0;
  const takeCompany = () => active[nextCompany++]!;

  async function listWithWebhook(key: string, name: string, path: string | null, alertWebhook = true) {
    const created = await request<{ id: number }>(app, 'POST', '/lists', {
      key,
      body: { name, kind: 'clients' },
    });
    expect(created.status).toBe(201);
    if (path !== null) {
      const patched = await request(app, 'PATCH', `/lists/${created.body.id}`, {
        key,
        body: { webhook_url: receiver.url(path), alert_webhook: alertWebhook },
      });
      expect(patched.status).toBe(200);
    }
    return created.body.id;
  }

  async function addToList(key: string, listId: number, companyNumber: string) {
    const added = await request(app, 'POST', '/lists/companies', {
      key,
      body: { list_id: listId, company_numbers: [companyNumber] },
    });
    expect(added.status).toBe(200);
  }

  const em = () => app.services.orm.em.fork();
  const check = () => runChangeCheckNow(app.services.temporal);
  const waitForDeliveries = (n: number) =>
    waitFor(async () => (receiver.received.length >= n ? receiver.received : undefined), 20_000);
  const bodyOf = (received: ReceivedRequest) => alertEventSchema.parse(JSON.parse(received.rawBody));

  it('is a Temporal Schedule every 15 minutes, overlap skip, a 1-hour catch-up window; ensuring it twice keeps one', async () => {
    await ensureChangeCheckSchedule(
      app.services.temporal,
      app.config.TEMPORAL_TASK_QUEUE,
      pino({ level: 'silent' }),
    );
    const description = await app.services.temporal.schedule.getHandle(CHANGE_CHECK_SCHEDULE_ID).describe();
    expect(description.spec.intervals).toHaveLength(1);
    expect(description.spec.intervals![0]!.every).toBe(15 * 60_000);
    expect(description.policies.overlap).toBe(ScheduleOverlapPolicy.SKIP);
    expect(description.policies.catchupWindow).toBe(60 * 60_000);
    expect(description.action).toMatchObject({
      type: 'startWorkflow',
      workflowType: workflowTypes.changeCheck,
      workflowId: CHANGE_CHECK_SCHEDULE_ID,
      taskQueue: app.config.TEMPORAL_TASK_QUEUE,
    });
    const ids: string[] = [];
    for await (const schedule of app.services.temporal.schedule.list()) ids.push(schedule.scheduleId);
    expect(ids.filter((id) => id === CHANGE_CHECK_SCHEDULE_ID)).toHaveLength(1);
  });

  it('sends one signed company.alert for a change on a listed company, every payload field exact', async () => {
    const { account_id, api_key } = await signUp(app);
    const listId = await listWithWebhook(api_key, 'Key clients', '/hooks/list');
    const companyNumber = takeCompany();
    await addToList(api_key, listId, companyNumber);
    const company = await em().findOneOrFail(CompanyEntity, { companyNumber });

    const simulated = await simulateChange(em(), companyNumber, 'charge_registered');
    expect(simulated.changes).toEqual([
      expect.objectContaining({ change: 'updated', field: 'charges', alert_type: 'charge_registered' }),
    ]);
    const run = await check();
    expect(run.result.alertsWritten).toBe(1);
    expect(run.result.deliveriesStarted).toBe(1);

    const [received] = await waitForDeliveries(1);
    const secret = await request<{ secret: string }>(app, 'GET', '/watchlist/webhook-secret', {
      key: api_key,
    });
    expect(
      verifyWebhook(received!.rawBody, received!.headers['service-signature'] as string, secret.body.secret),
    ).toMatchObject({ ok: true });
    expect(received!.path).toBe('/hooks/list');
    expect(received!.headers['service-event-type']).toBe('company.alert');

    const alert = await em().findOneOrFail(AlertEntity, { accountId: account_id, companyNumber });
    const stored = await em().findOneOrFail(CompanyEntity, { companyNumber });
    const body = bodyOf(received!);
    expect(alertEventSchema.safeParse(body).success).toBe(true);
    expect(received!.headers['service-event-id']).toBe(`evt_${alert.id}_1`);
    expect(body).toEqual({
      id: `evt_${alert.id}_1`,
      type: 'company.alert',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      data: {
        alert_id: alert.id,
        company_number: companyNumber,
        company_name: company.companyName,
        alert_type: 'charge_registered',
        severity: 'warning',
        title: 'Charge registered',
        detail:
          `${company.companyName} (${companyNumber}): a new charge was registered. Charges now: ` +
          `${stored.chargesTotal} in all, ${stored.chargesOutstanding} outstanding, ` +
          `${stored.chargesPartSatisfied} part satisfied, ${stored.chargesSatisfied} satisfied.`,
        detected_at: alert.detectedAt.toISOString(),
        links: {
          company: `${BASE_URL}/company/${companyNumber}`,
          alerts: `${BASE_URL}/watchlist/alerts?company_number=${companyNumber}`,
        },
        lists: [{ id: listId, name: 'Key clients' }],
      },
    });
    expect(stored.chargesTotal).toBe(company.chargesTotal + 1);
    const delivery = await waitFor(async () => {
      const row = await em().findOneOrFail(WebhookDeliveryEntity, { eventId: body.id });
      return row.status === 'delivered' ? row : undefined;
    });
    expect(delivery.url).toBe(receiver.url('/hooks/list'));
  });

  it("sends to the company's own watchlist address over its list's (address rule 5)", async () => {
    const { api_key } = await signUp(app);
    const listId = await listWithWebhook(api_key, 'Suppliers', '/hooks/list');
    const companyNumber = takeCompany();
    await addToList(api_key, listId, companyNumber);
    const watched = await request(app, 'POST', '/watchlist', {
      key: api_key,
      body: { company_number: companyNumber, webhook_url: receiver.url('/hooks/company') },
    });
    expect(watched.status).toBe(200);

    await simulateChange(em(), companyNumber, 'name_change', { seed: 3 });
    await check();
    const [received] = await waitForDeliveries(1);
    expect(received!.path).toBe('/hooks/company');
    expect(bodyOf(received!).data.lists).toEqual([{ id: listId, name: 'Suppliers' }]);
    expect(receiver.received).toHaveLength(1);
  });

  it('falls back to the list address when the watchlist entry has none', async () => {
    const { api_key } = await signUp(app);
    const listId = await listWithWebhook(api_key, 'Portfolio', '/hooks/list');
    const companyNumber = takeCompany();
    await addToList(api_key, listId, companyNumber);
    expect(
      (await request(app, 'POST', '/watchlist', { key: api_key, body: { company_number: companyNumber } }))
        .status,
    ).toBe(200);

    await simulateChange(em(), companyNumber, 'address_change', { seed: 4 });
    await check();
    const [received] = await waitForDeliveries(1);
    expect(received!.path).toBe('/hooks/list');
    expect(bodyOf(received!).data.alert_type).toBe('address_change');
  });

  it('sends one webhook per change for a company on several lists, naming every list (address rule 6)', async () => {
    const { account_id, api_key } = await signUp(app);
    const first = await listWithWebhook(api_key, 'Alpha', '/hooks/alpha');
    const second = await listWithWebhook(api_key, 'Beta', '/hooks/beta');
    const quiet = await listWithWebhook(api_key, 'Gamma', '/hooks/gamma', false);
    const companyNumber = takeCompany();
    for (const listId of [quiet, second, first]) await addToList(api_key, listId, companyNumber);

    await simulateChange(em(), companyNumber, 'officer_change', { seed: 5 });
    const run = await check();
    expect(run.result.alertsWritten).toBe(1);
    const [received] = await waitForDeliveries(1);
    expect(received!.path).toBe('/hooks/alpha');
    expect(bodyOf(received!).data.lists).toEqual([
      { id: first, name: 'Alpha' },
      { id: second, name: 'Beta' },
      { id: quiet, name: 'Gamma' },
    ]);
    expect(await em().count(WebhookDeliveryEntity, { accountId: account_id })).toBe(1);
  });

  it('writes an alert without a delivery when no address applies, and none for companies nobody monitors', async () => {
    const { account_id, api_key } = await signUp(app);
    const listId = await listWithWebhook(api_key, 'No hooks', null);
    const monitored = takeCompany();
    const unmonitored = takeCompany();
    await addToList(api_key, listId, monitored);

    await simulateChange(em(), monitored, 'sic_change', { seed: 6 });
    await simulateChange(em(), unmonitored, 'sic_change', { seed: 6 });
    const run = await check();
    expect(run.result.changesRead).toBe(2);
    expect(run.result.alertsWritten).toBe(1);
    expect(run.result.deliveriesStarted).toBe(0);
    const alerts = await em().find(AlertEntity, { accountId: account_id });
    expect(
      alerts.map((alert) => [alert.companyNumber, alert.alertType, alert.webhookUrl, alert.eventId]),
    ).toEqual([[monitored, 'sic_change', null, null]]);
    expect(await em().count(AlertEntity, { companyNumber: unmonitored })).toBe(0);
    expect(await em().count(WebhookDeliveryEntity, { accountId: account_id })).toBe(0);
  });

  it('does not alert on a change made before the company was monitored', async () => {
    const { account_id, api_key } = await signUp(app);
    const listId = await listWithWebhook(api_key, 'Late', '/hooks/late');
    const companyNumber = takeCompany();
    await simulateChange(em(), companyNumber, 'new_filing', { seed: 8, now: new Date(Date.now() - 60_000) });
    await addToList(api_key, listId, companyNumber);
    const run = await check();
    expect(run.result.changesRead).toBe(1);
    expect(await em().count(AlertEntity, { accountId: account_id })).toBe(0);
  });

  it('a rerun sends nothing new, and re-reading the same changes writes no second alert or delivery', async () => {
    const { account_id, api_key } = await signUp(app);
    const listId = await listWithWebhook(api_key, 'Rerun', '/hooks/rerun');
    const companyNumber = takeCompany();
    await addToList(api_key, listId, companyNumber);
    await simulateChange(em(), companyNumber, 'confirmation_statement_filed');
    const first = await check();
    expect(first.result.alertsWritten).toBe(1);
    await waitForDeliveries(1);

    const again = await check();
    expect(again.result).toMatchObject({ changesRead: 0, alertsWritten: 0, deliveriesStarted: 0 });

    // As if the check had crashed after writing alerts but before its checkpoint moved: read the change again.
    const state = await em().findOneOrFail(ChangeCheckStateEntity, { id: 'change-check' });
    await em().nativeUpdate(
      ChangeCheckStateEntity,
      { id: 'change-check' },
      { lastSequence: state.lastSequence - 1 },
    );
    const replay = await check();
    expect(replay.result).toMatchObject({ changesRead: 1, alertsWritten: 0, deliveriesStarted: 0 });
    expect(await em().count(AlertEntity, { accountId: account_id })).toBe(1);
    expect(await em().count(WebhookDeliveryEntity, { accountId: account_id })).toBe(1);
    expect(receiver.received).toHaveLength(1);
  });

  it('raises accounts_overdue when the clock passes an unmet due date, once', async () => {
    const { account_id, api_key } = await signUp(app);
    const listId = await listWithWebhook(api_key, 'Overdue watch', '/hooks/overdue');
    const companyNumber = takeCompany();
    const today = isoDay(new Date());
    await em().nativeUpdate(CompanyEntity, { companyNumber }, { nextAccountsDue: today });
    await addToList(api_key, listId, companyNumber);

    const onTheDay = await check();
    expect(onTheDay.result.alertsWritten).toBe(0);

    offsetDays = 1;
    try {
      const dayAfter = await check();
      expect(dayAfter.result.overdueChanges).toBeGreaterThanOrEqual(1);
      const [received] = await waitForDeliveries(1);
      const body = bodyOf(received!);
      expect(body.data).toMatchObject({
        company_number: companyNumber,
        alert_type: 'accounts_overdue',
        severity: 'warning',
        title: 'Accounts overdue',
      });
      expect(body.data.detail).toContain(`accounts were due by ${today}`);
      expect(addDays(today, 1) <= body.data.detected_at.slice(0, 10)).toBe(true);

      const later = await check();
      expect(later.result.overdueChanges).toBe(0);

      // A clock set back a day and forward again does not announce the same due date twice.
      offsetDays = 0;
      expect((await check()).result.overdueChanges).toBe(0);
      offsetDays = 1;
      expect((await check()).result.overdueChanges).toBe(0);
      expect(await em().count(AlertEntity, { accountId: account_id })).toBe(1);
    } finally {
      offsetDays = 0;
    }
  });

  describe('simulator bad input', () => {
    it('refuses an unknown type, an unknown company, and a change that does not fit the company', async () => {
      const companyNumber = active[active.length - 1]!;
      await expect(simulateChange(em(), companyNumber, 'accounts_overdue')).rejects.toMatchObject({
        code: 'invalid_argument',
      });
      await expect(simulateChange(em(), companyNumber, 'no_such_type')).rejects.toBeInstanceOf(ServiceError);
      await expect(simulateChange(em(), '99999999', 'name_change')).rejects.toMatchObject({
        code: 'not_found',
      });
      await em().nativeUpdate(CompanyEntity, { companyNumber }, { chargesOutstanding: 0 });
      await expect(simulateChange(em(), companyNumber, 'charge_satisfied')).rejects.toMatchObject({
        code: 'invalid_argument',
      });
    });
  });
});
