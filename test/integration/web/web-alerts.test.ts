import { signedInOnPlan } from '../../support/web-sign-in';
import { join } from 'node:path';
import type { z } from 'zod';
import type { ChangeDraft } from '../../../src/domain/changes/company-changes';
import { accountsFiled, chargeRegistered, nameChange } from '../../support/sample-changes';
import { importCompaniesCsv } from '../../../src/ingest/companies-house/import-companies';
import type { getWatchlistAlerts } from '../../../src/operations/get-watchlist-alerts';
import { projectRoot } from '../../support/paths';
import { request, startTestApp, type TestApp } from '../../support/test-app';
import { seedAlerts } from '../../support/web-alert-seed';
import {
  WebClient,
  signInThroughPages,
  signUpThroughPages,
  type WebResponse,
} from '../../support/web-client';

type AlertsAnswer = z.infer<typeof getWatchlistAlerts.output>;

const fixture = join(projectRoot, 'test/fixtures/companies/basic-company-data-sample.csv');
const CLIENTS_HOOK = 'https://hooks.example.com/clients';

const moved: ChangeDraft = {
  companyNumber: '09876543',
  change: 'updated',
  field: 'registered_office_address',
  alertType: 'address_change',
  oldValue: { address_line_1: 'FLAT 4, 27 OLD STREET', locality: 'LONDON', postal_code: 'EC1V 9HL' },
  newValue: { address_line_1: '1 PARK ROW', locality: 'LEEDS', postal_code: 'LS1 5AB' },
};

/** Where each text first appears in the page: their order on the page. */
function positions(html: string, texts: string[]): number[] {
  return texts.map((text) => html.indexOf(text));
}

describe('web app: alerts page', () => {
  let app: TestApp;
  let client: WebClient;
  let key: string;
  let apiAlerts: AlertsAnswer['alerts'];
  const seen: WebResponse[] = [];

  const show = async (path: string) => {
    const page = await client.get(path);
    seen.push(page);
    return page;
  };
  /** The alert's title as the page writes it (Preact escapes quotes and ampersands). */
  const titles = () => apiAlerts.map((alert) => alert.title);

  beforeAll(async () => {
    app = await startTestApp();
    await importCompaniesCsv(app.services.orm.em.fork(), fixture, { asOf: new Date('2026-11-22T00:00:00Z') });
    // Team: the suite views more pages a minute than Free allows (each view is an operation call).
    ({ client, key } = await signedInOnPlan(app, 'team'));

    const clients = (
      await request(app, 'POST', '/lists', { key, body: { name: 'Clients', kind: 'clients' } })
    ).body.id as number;
    const patched = await request(app, 'PATCH', `/lists/${clients}`, {
      key,
      body: { webhook_url: CLIENTS_HOOK, alert_webhook: true },
    });
    expect(patched.status).toBe(200);
    await request(app, 'POST', '/lists/companies', {
      key,
      body: { list_id: clients, company_numbers: ['09876543', '01234567'] },
    });
    // Watched without an address: an alert, but no webhook.
    await request(app, 'POST', '/watchlist', { key, body: { company_number: 'SC412345' } });
    const firstAt = new Date();
    await seedAlerts(app, [nameChange, chargeRegistered, accountsFiled], firstAt);
    await seedAlerts(app, [moved], new Date(firstAt.getTime() + 60_000));
    apiAlerts = (await request<AlertsAnswer>(app, 'GET', '/watchlist/alerts', { key })).body.alerts;
    expect(apiAlerts).toHaveLength(4);
  });
  afterAll(async () => {
    for (const page of seen) expect(page.html).not.toContain(key);
    await app?.stop();
  });

  it('sends a signed-out visitor to sign in', async () => {
    const answer = await new WebClient(app.url).get('/app/alerts');
    expect(answer.status).toBe(303);
    expect(answer.location).toBe('/app/sign-in');
  });

  it('shows the alerts newest first, each with severity, title, detail, company, time and delivery status', async () => {
    const page = await show('/app/alerts');
    expect(page.status).toBe(200);
    expect(titles()).toEqual([
      'Registered office address changed',
      'Accounts filed',
      'Charge registered',
      'Company name changed',
    ]);
    const order = positions(
      page.html,
      titles().map((title) => `<h2 class="card-title">${title}</h2>`),
    );
    expect(order.every((at) => at > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));

    for (const alert of apiAlerts) {
      expect(page.html).toContain(`<time datetime="${alert.detected_at}">`);
      expect(page.html).toContain(`<a href="/app/companies/${alert.company_number}">`);
    }
    expect(page.html).toContain('<span class="severity severity-warning">Warning</span>');
    expect(page.html).toContain('registered office moved from FLAT 4, 27 OLD STREET, LONDON, EC1V 9HL');
    const charge = apiAlerts.find((alert) => alert.alert_type === 'charge_registered')!;
    expect(charge.delivery).toEqual({ event_id: `evt_${charge.alert_id}_1`, status: 'pending' });
    expect(page.html).toMatch(
      new RegExp(
        `<a href="/app/deliveries/${charge.delivery!.event_id}"><span class="delivery-status delivery-status-pending">Pending</span>`,
      ),
    );
    // SC412345 is watched without an address: its alert was not sent anywhere.
    expect(page.html).toContain('Not sent: no webhook address applied to this alert');
    expect(page.html).toContain('<label for="alert-company-number">Company number</label>');
  });

  it('leads from an alert to its delivery’s page', async () => {
    const charge = apiAlerts.find((alert) => alert.alert_type === 'charge_registered')!;
    const page = await show(`/app/deliveries/${charge.delivery!.event_id}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(CLIENTS_HOOK);
    expect(page.html).toContain('No attempt yet.');
    expect(page.html).not.toContain('id="redeliver-form"');
  });

  it('filters by company number as typed, and refuses a malformed one next to the field', async () => {
    const one = await show('/app/alerts?company_number=sc412345');
    expect(one.status).toBe(200);
    expect(one.html).toContain('<h2 class="card-title">Accounts filed</h2>');
    expect(one.html).not.toContain('Charge registered');
    expect(one.html).toContain('value="sc412345"');

    const none = await show('/app/alerts?company_number=11223344');
    expect(none.status).toBe(200);
    expect(none.html).toContain('No alerts for company 11223344 yet.');

    const malformed = await show('/app/alerts?company_number=NOT-A-NUMBER');
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get('content-type')).toMatch(/^text\/html/);
    expect(malformed.html).toMatch(/<p class="field-error" id="alert-company-number-error">/);
    expect(malformed.html).toContain('value="NOT-A-NUMBER"');
    // Still a useful page: the newest alerts under the refusal.
    expect(malformed.html).toContain('<h2 class="card-title">Registered office address changed</h2>');
  });

  it('pages with the operation’s before, and refuses a before that is no alert id', async () => {
    const second = apiAlerts[1]!;
    const older = await show(`/app/alerts?before=${second.alert_id}`);
    expect(older.status).toBe(200);
    expect(older.html).not.toContain('Accounts filed');
    expect(older.html).not.toContain('Registered office address changed');
    expect(older.html).toContain('<h2 class="card-title">Charge registered</h2>');
    expect(older.html).toContain('<a href="/app/alerts">Newest alerts</a>');

    const oldest = await show(`/app/alerts?before=${apiAlerts[3]!.alert_id}`);
    expect(oldest.html).toContain('No older alerts.');

    const bad = await show('/app/alerts?before=abc');
    expect(bad.status).toBe(400);
    expect(bad.html).toMatch(/<div class="notice notice-error" role="alert">before: /);
  });

  it('shows another account no alerts, says what is checked, and none of this account’s deliveries', async () => {
    const stranger = new WebClient(app.url);
    await signInThroughPages(stranger, (await signUpThroughPages(stranger)).key);
    const empty = await stranger.get('/app/alerts');
    expect(empty.status).toBe(200);
    expect(empty.html).toContain('No alerts yet: alerts appear when a monitored company changes');
    expect(empty.html).not.toContain('ACORN LEAF');
    const charge = apiAlerts.find((alert) => alert.alert_type === 'charge_registered')!;
    const foreign = await stranger.get(`/app/deliveries/${charge.delivery!.event_id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.html).not.toContain(CLIENTS_HOOK);
  });
});
