import { join } from 'node:path';
import type { z } from 'zod';
import { WebhookDeliveryEntity } from '../../src/db/entities/webhook-delivery';
import type { ChangeDraft } from '../../src/domain/changes/company-changes';
import { checkSimulatedChanges, strikeOffProposal } from '../support/simulated-changes';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import type { getWatchlistAlerts } from '../../src/operations/get-watchlist-alerts';
import { projectRoot } from '../support/paths';
import { chargeRegistered, nameChange } from '../support/sample-changes';
import { request, signUp, startTestApp, type ErrorBody, type TestApp } from '../support/test-app';

type AlertsPage = z.infer<typeof getWatchlistAlerts.output>;

const fixture = join(projectRoot, 'test/fixtures/companies/basic-company-data-sample.csv');
const ON_CALL = 'https://hooks.example.com/on-call';
const MAILBOX = 'https://hooks.example.com/mailbox';

describe('routing alerts by type and severity', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
    await importCompaniesCsv(app.services.orm.em.fork(), fixture, { asOf: new Date('2026-11-22T00:00:00Z') });
  });
  afterAll(async () => {
    await app?.stop();
  });

  const changeCheck = (drafts: ChangeDraft[]) => checkSimulatedChanges(app, drafts);

  it('min_severity critical receives only critical alerts; the others are listed as not sent (not_routed)', async () => {
    const { api_key: key } = await signUp(app);
    const list = (await request(app, 'POST', '/lists', { key, body: { name: 'On call', kind: 'clients' } }))
      .body.id as number;
    const patched = await request(app, 'PATCH', `/lists/${list}`, {
      key,
      body: { webhook_url: ON_CALL, alert_webhook: true, min_severity: 'critical' },
    });
    expect(patched.body).toMatchObject({ min_severity: 'critical', alert_types: [] });
    await request(app, 'POST', '/lists/companies', {
      key,
      body: { list_id: list, company_numbers: ['09876543', '01234567'] },
    });

    const sent = await changeCheck([nameChange, chargeRegistered, strikeOffProposal]);
    const deliveries = await app.services.orm.em
      .fork()
      .find(WebhookDeliveryEntity, { eventId: { $in: sent }, url: ON_CALL });
    expect(deliveries.map((delivery) => delivery.companyNumber)).toEqual(['09876543']);
    expect(JSON.parse(deliveries[0]!.body).data).toMatchObject({
      alert_type: 'gazette_notice',
      severity: 'critical',
    });

    const listed = await request<AlertsPage>(app, 'GET', '/watchlist/alerts', { key });
    const byType = new Map(listed.body.alerts.map((alert) => [alert.alert_type, alert]));
    expect([...byType.keys()].sort()).toEqual(['charge_registered', 'gazette_notice', 'name_change']);
    expect(byType.get('gazette_notice')).toMatchObject({
      not_sent_reason: null,
      delivery: { status: 'pending' },
    });
    for (const type of ['charge_registered', 'name_change'] as const) {
      expect(byType.get(type)).toMatchObject({ not_sent_reason: 'not_routed', delivery: null });
    }
  });

  it('what one address does not take goes to the next (one webhook per change); alert_types mutes a type', async () => {
    const { api_key: key, account_id: accountId } = await signUp(app);
    const post = (path: string, body: unknown) => request(app, 'POST', path, { key, body });
    const onCall = (await post('/lists', { name: 'On call', kind: 'clients' })).body.id as number;
    const mailbox = (await post('/lists', { name: 'Mailbox', kind: 'clients' })).body.id as number;
    await request(app, 'PATCH', `/lists/${onCall}`, {
      key,
      body: { webhook_url: ON_CALL, alert_webhook: true, min_severity: 'critical' },
    });
    await request(app, 'PATCH', `/lists/${mailbox}`, {
      key,
      body: { webhook_url: MAILBOX, alert_webhook: true, alert_types: ['name_change', 'gazette_notice'] },
    });
    for (const id of [onCall, mailbox]) {
      await post('/lists/companies', { list_id: id, company_numbers: ['09876543', '01234567'] });
    }
    const sent = await changeCheck([
      { ...nameChange, newValue: { company_name: 'ACORN LEAF TWO LTD' } },
      { ...chargeRegistered, newValue: { ...(chargeRegistered.newValue as object), charge_code: 'X2' } },
      { ...strikeOffProposal, oldValue: { status: 'active', detail: 'x' } },
    ]);
    const deliveries = await app.services.orm.em
      .fork()
      .find(WebhookDeliveryEntity, { eventId: { $in: sent } });
    // The first test's account watches the same company: only this account's deliveries count here.
    const mine = deliveries.filter((delivery) => delivery.accountId === accountId);
    const route = mine.map((delivery) => [JSON.parse(delivery.body).data.alert_type, delivery.url]).sort();
    expect(route).toEqual([
      ['gazette_notice', ON_CALL],
      ['name_change', MAILBOX],
    ]);
    const listed = await request<AlertsPage>(app, 'GET', '/watchlist/alerts', { key });
    expect(listed.body.alerts.find((alert) => alert.alert_type === 'charge_registered')).toMatchObject({
      not_sent_reason: 'not_routed',
    });
  });

  it('routes a watchlist entry’s own address, and refuses bad routing with invalid_argument', async () => {
    const { api_key: key } = await signUp(app);
    const added = await request(app, 'POST', '/watchlist', {
      key,
      body: {
        company_number: '09876543',
        webhook_url: ON_CALL,
        alert_types: ['gazette_notice'],
        min_severity: 'warning',
      },
    });
    expect(added.body).toMatchObject({ alert_types: ['gazette_notice'], min_severity: 'warning' });
    const list = (await request(app, 'POST', '/lists', { key, body: { name: 'Bad', kind: 'clients' } })).body
      .id as number;
    const cases: [string, string, unknown][] = [
      ['PATCH', `/lists/${list}`, { alert_types: ['new_filing', 'no_such_type'] }],
      ['PATCH', `/lists/${list}`, { alert_types: 'new_filing' }],
      ['PATCH', `/lists/${list}`, { alert_types: ['new_filing', 'new_filing'] }],
      ['PATCH', `/lists/${list}`, { min_severity: 'urgent' }],
      ['POST', '/watchlist', { company_number: '09876543', min_severity: 3 }],
      ['POST', '/watchlist', { company_number: '09876543', alert_types: ['bogus'] }],
    ];
    for (const [method, path, body] of cases) {
      const reply = await request<ErrorBody>(app, method as 'POST', path, { key, body });
      expect([JSON.stringify(body), reply.status, reply.body.error?.code]).toEqual([
        JSON.stringify(body),
        400,
        'invalid_argument',
      ]);
    }
    const lists = await request<{ lists: { id: number; min_severity: string; alert_types: string[] }[] }>(
      app,
      'GET',
      '/lists',
      { key },
    );
    expect(lists.body.lists.find((l) => l.id === list)).toMatchObject({
      min_severity: 'info',
      alert_types: [],
    });
  });
});
