import { accountForApiKey, setPlan } from '../../../src/domain/accounts/accounts';
import type { PlanName } from '../../../src/domain/accounts/plans';
import { request, startTestApp, type TestApp } from '../../support/test-app';
import {
  WebClient,
  csrfTokenIn,
  signInThroughPages,
  signUpThroughPages,
  type FormFields,
  type WebResponse,
} from '../../support/web-client';

/** A loopback origin the test app allows as a development webhook origin (WEBHOOK_DEV_ALLOWED_ORIGINS). */
const DEV_ORIGIN = 'http://127.0.0.1:9';
const UPGRADE_URL = 'https://example.com/upgrade?from=web';

interface ApiList {
  id: number;
  name: string;
  webhook_url: string | null;
  alert_webhook: boolean;
  alert_types: string[];
  min_severity: string;
}

/** The fields a form of the page holds, hidden ones included, as a browser would send them unchanged. */
function hiddenFieldsOf(html: string, formId: string): FormFields {
  const form = new RegExp(`<form[^>]*id="${formId}"[^>]*>([\\s\\S]*?)</form>`).exec(html)?.[1] ?? '';
  const fields: Record<string, string[]> = {};
  for (const [, name, value] of form.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)"/g))
    (fields[name!] ??= []).push(value!);
  return fields;
}

/** Which alert types' boxes are ticked, and the severity chosen, on a settings page. */
function routingShownIn(html: string) {
  const ticked = [...html.matchAll(/id="alert-type-([a-z_]+)"[^>]*checked/g)].map((match) => match[1]);
  const boxes = [...html.matchAll(/id="alert-type-([a-z_]+)"/g)].length;
  const severity = /<option value="([a-z]+)" selected/.exec(html)?.[1];
  return { boxes, ticked, severity };
}

/*
 * A list's settings page: the rename, and "Monitoring and alerts", which only Team may switch on from the web app
 * (the API is open to every plan). Each account is a signed-in WebClient with its API key for checking through
 * the API what the pages changed.
 */
describe('web app: a list’s settings', () => {
  let app: TestApp;

  async function signedInAccount(plan: PlanName) {
    const client = new WebClient(app.url);
    const { key } = await signUpThroughPages(client);
    const em = app.services.orm.em.fork();
    await setPlan(em, (await accountForApiKey(em, key))!.account.id, plan);
    await signInThroughPages(client, key);
    const lists = async () => (await request<{ lists: ApiList[] }>(app, 'GET', '/lists', { key })).body.lists;
    const list = async (id: number) => (await lists()).find((l) => l.id === id)!;
    const createList = async (name: string) => {
      const answer = await client.submit('/app/lists', '/app/lists', { name, kind: 'clients' });
      expect(answer.status).toBe(303);
      return Number(/(\d+)$/.exec(answer.location!)![1]);
    };
    /** Posts a settings form with the settings page's own token, as the browser would. */
    const post = (id: number, form: 'name' | 'webhook', fields: FormFields) =>
      client.submit(`/app/lists/${id}/settings`, `/app/lists/${id}/settings/${form}`, fields);
    return { client, key, lists, list, createList, post };
  }

  beforeAll(async () => {
    app = await startTestApp({ WEBHOOK_DEV_ALLOWED_ORIGINS: DEV_ORIGIN, UPGRADE_URL });
  });
  afterAll(() => app?.stop());

  describe('rename', () => {
    it('renames a list, then shows the settings saying so', async () => {
      const me = await signedInAccount('free');
      const id = await me.createList('Clients');
      const answer = await me.post(id, 'name', { name: '  Key clients  ' });
      expect(answer.status).toBe(303);
      expect(answer.location).toBe(`/app/lists/${id}/settings?saved=name`);
      expect((await me.list(id)).name).toBe('Key clients');
      const page = await me.client.get(answer.location!);
      expect(page.html).toContain('The list is renamed.');
      expect(page.html).toContain('Settings of “Key clients”');
      expect(page.html).toContain(`<a href="/app/lists/${id}">Back to the list</a>`);
      // Its own name in another case is not another list's.
      expect((await me.post(id, 'name', { name: 'KEY CLIENTS' })).status).toBe(303);
      expect((await me.list(id)).name).toBe('KEY CLIENTS');
    });

    it('refuses create_list’s bad names next to the field, keeping what was typed, and changes nothing', async () => {
      const me = await signedInAccount('free');
      const id = await me.createList('Suppliers');
      await me.createList('Prospects');
      const cases: [string | undefined, number, RegExp][] = [
        ['prospects', 409, /id="list-name-error">.*already exists/],
        ['   ', 400, /id="list-name-error">/],
        ['x'.repeat(101), 400, /id="list-name-error">/],
        [undefined, 400, /id="list-name-error">/],
      ];
      for (const [name, status, shown] of cases) {
        const answer = await me.post(id, 'name', name === undefined ? {} : { name });
        expect({ name, status: answer.status }).toEqual({ name, status });
        expect(answer.html).toMatch(shown);
        if (name !== undefined) expect(answer.html).toContain(`value="${name}"`);
      }
      expect((await me.lists()).map((l) => l.name)).toEqual(['Suppliers', 'Prospects']);
    });
  });

  describe('on Team', () => {
    it('switches sending on with an address the address rules allow, then off, then clears the address', async () => {
      const me = await signedInAccount('team');
      const id = await me.createList('Watched');
      const page = await me.client.get(`/app/lists/${id}/settings`);
      expect(page.status).toBe(200);
      expect(page.html).toContain('<h2 id="monitoring-heading">Monitoring and alerts</h2>');
      expect(page.html).toContain('id="webhook-form"');
      expect(page.html).not.toContain('webhook-plan-notice');

      const on = await me.post(id, 'webhook', { alert_webhook: 'true', webhook_url: `${DEV_ORIGIN}/hooks` });
      expect(on.status).toBe(303);
      expect(on.location).toBe(`/app/lists/${id}/settings?saved=webhook`);
      expect(await me.list(id)).toMatchObject({ webhook_url: `${DEV_ORIGIN}/hooks`, alert_webhook: true });
      const shown = await me.client.get(on.location!);
      expect(shown.html).toContain('Monitoring settings saved.');
      expect(shown.html).toMatch(/id="alert-webhook"[^>]*checked/);

      const off = await me.post(id, 'webhook', { webhook_url: `${DEV_ORIGIN}/hooks` });
      expect(off.status).toBe(303);
      expect(await me.list(id)).toMatchObject({ webhook_url: `${DEV_ORIGIN}/hooks`, alert_webhook: false });
      const cleared = await me.post(id, 'webhook', { webhook_url: '' });
      expect(cleared.status).toBe(303);
      expect(await me.list(id)).toMatchObject({ webhook_url: null, alert_webhook: false });
    });

    it('switches potential sanctions matches on and off, beside or without company changes', async () => {
      const me = await signedInAccount('team');
      const id = await me.createList('Screened');
      const on = await me.post(id, 'webhook', {
        sanctions_alerts: 'true',
        webhook_url: `${DEV_ORIGIN}/hooks`,
      });
      expect(on.status).toBe(303);
      expect(await me.list(id)).toMatchObject({ alert_webhook: false, sanctions_alerts: true });
      const shown = await me.client.get(on.location!);
      expect(shown.html).toMatch(/id="sanctions-alerts"[^>]*checked/);
      expect(shown.html).toContain('New potential sanctions matches of its companies are sent there too.');
      // Without an address update_list refuses it, next to its checkbox, and nothing changes.
      const other = await me.createList('No address');
      const refused = await me.post(other, 'webhook', { sanctions_alerts: 'true', webhook_url: '' });
      expect(refused.status).toBe(400);
      expect(await me.list(other)).toMatchObject({ sanctions_alerts: false });
      const off = await me.post(id, 'webhook', { webhook_url: `${DEV_ORIGIN}/hooks` });
      expect(off.status).toBe(303);
      expect(await me.list(id)).toMatchObject({ sanctions_alerts: false });
    });

    it('switches Standard Webhooks signing on and off, refusing it without an address by its checkbox', async () => {
      const me = await signedInAccount('team');
      const id = await me.createList('Standard');
      const on = await me.post(id, 'webhook', {
        alert_webhook: 'true',
        standard_webhooks: 'true',
        webhook_url: `${DEV_ORIGIN}/hooks`,
      });
      expect(on.status).toBe(303);
      expect(await me.list(id)).toMatchObject({ alert_webhook: true, standard_webhooks: true });
      const shown = await me.client.get(on.location!);
      expect(shown.html).toMatch(/id="standard-webhooks"[^>]*checked/);
      const other = await me.createList('Unsigned');
      const refused = await me.post(other, 'webhook', { standard_webhooks: 'true', webhook_url: '' });
      expect(refused.status).toBe(400);
      expect(refused.html).toMatch(/id="standard-webhooks-error"/);
      expect(await me.list(other)).toMatchObject({ standard_webhooks: false });
      const off = await me.post(id, 'webhook', { alert_webhook: 'true', webhook_url: `${DEV_ORIGIN}/hooks` });
      expect(off.status).toBe(303);
      expect(await me.list(id)).toMatchObject({ alert_webhook: true, standard_webhooks: false });
    });

    it('routes by alert type and severity: shows the choice, saves it through update_list, refuses bad values by their controls', async () => {
      const me = await signedInAccount('team');
      const id = await me.createList('Routed');
      const unset = await me.client.get(`/app/lists/${id}/settings`);
      expect(routingShownIn(unset.html)).toEqual({ boxes: 15, ticked: [], severity: 'info' });
      expect(unset.html).toContain('<label for="min-severity">Lowest severity sent</label>');

      const hook = { alert_webhook: 'true', webhook_url: `${DEV_ORIGIN}/hooks` };
      const routed = await me.post(id, 'webhook', {
        ...hook,
        alert_types: ['status_change', 'new_filing'],
        min_severity: 'warning',
      });
      expect(routed.status).toBe(303);
      expect(await me.list(id)).toMatchObject({
        alert_types: ['status_change', 'new_filing'],
        min_severity: 'warning',
      });
      const shown = await me.client.get(routed.location!);
      expect(routingShownIn(shown.html)).toEqual({
        boxes: 15,
        ticked: ['status_change', 'new_filing'],
        severity: 'warning',
      });

      // Refused as the API refuses the same values (400 invalid_argument, the same problem), shown by the control
      // with what was sent; nothing changes.
      const cases: [FormFields, string, string, string[]][] = [
        [
          { alert_types: ['status_change', 'not_a_type'], min_severity: 'warning' },
          'alert-types-error',
          'alert_types',
          ['status_change'],
        ],
        [
          { alert_types: ['new_filing', 'new_filing'], min_severity: 'warning' },
          'alert-types-error',
          'alert_types',
          ['new_filing'],
        ],
        [
          { alert_types: ['new_filing'], min_severity: 'urgent' },
          'min-severity-error',
          'min_severity',
          ['new_filing'],
        ],
      ];
      for (const [routing, errorId, argument, ticked] of cases) {
        const answer = await me.post(id, 'webhook', { ...hook, ...routing });
        expect({ routing, status: answer.status }).toEqual({ routing, status: 400 });
        const shownError = new RegExp(
          `id="${errorId}"><span class="visually-hidden">Error: </span>([^<]*)<`,
        ).exec(answer.html)?.[1];
        const api = await request<{
          error: { code: string; details: { problems: { argument: string; problem: string }[] } };
        }>(app, 'PATCH', `/lists/${id}`, { key: me.key, body: routing });
        expect(api.status).toBe(400);
        expect(api.body.error.code).toBe('invalid_argument');
        const problem = api.body.error.details.problems.find((p) => p.argument.split('.')[0] === argument);
        expect(problem).toBeDefined();
        expect(shownError).toBe(problem?.problem.replaceAll('"', '&quot;'));
        expect(routingShownIn(answer.html).ticked).toEqual(ticked);
      }
      expect(await me.list(id)).toMatchObject({
        alert_types: ['status_change', 'new_filing'],
        min_severity: 'warning',
      });

      // Nothing ticked is every type again.
      const every = await me.post(id, 'webhook', { ...hook, min_severity: 'info' });
      expect(every.status).toBe(303);
      expect(await me.list(id)).toMatchObject({ alert_types: [], min_severity: 'info', alert_webhook: true });
    });

    it('shows the address rules’ refusals by the Webhook URL field, and update_list’s by the checkbox', async () => {
      const me = await signedInAccount('team');
      const id = await me.createList('Refused');
      const cases: [Record<string, string>, number, string, RegExp][] = [
        [
          { alert_webhook: 'true', webhook_url: 'http://hooks.example.com/x' },
          422,
          'webhook-url-error',
          /https/,
        ],
        [{ alert_webhook: 'true', webhook_url: 'https://10.1.2.3/x' }, 422, 'webhook-url-error', /./],
        [{ alert_webhook: 'true', webhook_url: 'not a url' }, 422, 'webhook-url-error', /./],
        [
          { alert_webhook: 'true', webhook_url: `https://x.example.com/${'a'.repeat(2050)}` },
          400,
          'webhook-url-error',
          /./,
        ],
        [{ alert_webhook: 'true', webhook_url: '' }, 400, 'alert-webhook-error', /webhook_url/],
      ];
      for (const [fields, status, errorId, says] of cases) {
        const answer = await me.post(id, 'webhook', fields);
        expect({ fields, status: answer.status }).toEqual({ fields, status });
        const error = new RegExp(`id="${errorId}"><span class="visually-hidden">Error: </span>([^<]*)<`).exec(
          answer.html,
        );
        expect(error?.[1]).toMatch(says);
        if (fields.webhook_url) expect(answer.html).toContain(`value="${fields.webhook_url}"`);
      }
      expect(await me.list(id)).toMatchObject({ webhook_url: null, alert_webhook: false });
    });
  });

  describe('below Team', () => {
    it('shows the setting, why it cannot be switched on here, the upgrade link and the API’s way', async () => {
      for (const plan of ['free', 'starter'] as const) {
        const me = await signedInAccount(plan);
        const id = await me.createList('Monitored');
        const page = await me.client.get(`/app/lists/${id}/settings`);
        expect(page.status).toBe(200);
        expect(page.html).toContain('<h2 id="monitoring-heading">Monitoring and alerts</h2>');
        expect(page.html).toContain('<label for="alert-webhook">Send changes to a webhook</label>');
        expect(page.html).toContain('<label for="webhook-url">Webhook URL</label>');
        expect(page.html).toContain(`Switching webhooks on here needs the team plan; your plan is ${plan}.`);
        expect(page.html).toContain(`<a href="${UPGRADE_URL}">Upgrade to team</a>`);
        expect(page.html).toContain(`<code>PATCH /lists/${id}</code>`);
        expect(page.html).not.toContain('id="webhook-form"');
      }
    });

    it('refuses a forced POST that switches sending on or sets an address (403 plan_required), changing nothing', async () => {
      const me = await signedInAccount('free');
      const id = await me.createList('Forced');
      const attempts: Record<string, string>[] = [
        { alert_webhook: 'true', webhook_url: `${DEV_ORIGIN}/hooks` },
        { webhook_url: `${DEV_ORIGIN}/hooks` },
        { sanctions_alerts: 'true', webhook_url: `${DEV_ORIGIN}/hooks` },
      ];
      for (const fields of attempts) {
        const answer = await me.post(id, 'webhook', fields);
        expect(answer.status).toBe(403);
        expect(answer.html).toContain('needs the team plan; your plan is free');
        expect(answer.html).toContain(UPGRADE_URL.replace('&', '&amp;'));
        expect(answer.html).toContain('The API (PATCH /lists/{list_id}) can do it on any plan.');
      }
      expect(await me.list(id)).toMatchObject({ webhook_url: null, alert_webhook: false });

      // The API does it on Free; the page then shows it, and lets Free stop it without a new address.
      const patched = await request(app, 'PATCH', `/lists/${id}`, {
        key: me.key,
        body: {
          webhook_url: `${DEV_ORIGIN}/hooks`,
          alert_webhook: true,
          alert_types: ['gazette_notice', 'status_change'],
          min_severity: 'critical',
        },
      });
      expect(patched.status).toBe(200);
      const page = await me.client.get(`/app/lists/${id}/settings`);
      expect(page.html).toMatch(/id="alert-webhook"[^>]*checked/);
      expect(routingShownIn(page.html)).toEqual({
        boxes: 15,
        ticked: ['status_change', 'gazette_notice'],
        severity: 'critical',
      });
      expect(page.html).toContain(`Changes to this list’s companies are sent to ${DEV_ORIGIN}/hooks.`);
      const changed = await me.post(id, 'webhook', {
        alert_webhook: 'true',
        webhook_url: 'https://elsewhere.example.com/',
      });
      expect(changed.status).toBe(403);
      expect(await me.list(id)).toMatchObject({ webhook_url: `${DEV_ORIGIN}/hooks`, alert_webhook: true });

      // The stop button's form, as the page holds it: it stops sending and keeps the routing.
      const stopped = await me.post(id, 'webhook', hiddenFieldsOf(page.html, 'webhook-stop-form'));
      expect(stopped.status).toBe(303);
      expect(await me.list(id)).toMatchObject({
        webhook_url: `${DEV_ORIGIN}/hooks`,
        alert_webhook: false,
        alert_types: ['gazette_notice', 'status_change'],
        min_severity: 'critical',
      });
      const again = await me.post(id, 'webhook', {
        alert_webhook: 'true',
        webhook_url: `${DEV_ORIGIN}/hooks`,
      });
      expect(again.status).toBe(403);
      const stoppedPage = await me.client.get(`/app/lists/${id}/settings`);
      const cleared = await me.post(id, 'webhook', hiddenFieldsOf(stoppedPage.html, 'webhook-clear-form'));
      expect(cleared.status).toBe(303);
      expect(await me.list(id)).toMatchObject({
        webhook_url: null,
        alert_webhook: false,
        alert_types: ['gazette_notice', 'status_change'],
      });
    });
  });

  it('answers another account’s settings, and its forms, with a 404 and no change', async () => {
    const owner = await signedInAccount('team');
    const stranger = await signedInAccount('team');
    const id = await owner.createList('Private');
    const foreign = await stranger.client.get(`/app/lists/${id}/settings`);
    expect(foreign.status).toBe(404);
    expect(foreign.html).not.toContain('Private');
    const token = csrfTokenIn((await stranger.client.get('/app/lists')).html);
    const rename = await stranger.client.post(`/app/lists/${id}/settings/name`, {
      csrf: token,
      name: 'Mine now',
    });
    expect(rename.status).toBe(404);
    const webhook = await stranger.client.post(`/app/lists/${id}/settings/webhook`, {
      csrf: token,
      alert_webhook: 'true',
      webhook_url: `${DEV_ORIGIN}/hooks`,
    });
    expect(webhook.status).toBe(404);
    for (const bad of ['abc', '0', '99999999999']) {
      expect((await owner.client.get(`/app/lists/${bad}/settings`)).status).toBe(404);
    }
    expect(await owner.list(id)).toMatchObject({ name: 'Private', webhook_url: null, alert_webhook: false });
  });

  it('refuses a settings form without the session’s CSRF token (403) and changes nothing', async () => {
    const me = await signedInAccount('team');
    const id = await me.createList('Guarded');
    const answers: WebResponse[] = [
      await me.client.post(`/app/lists/${id}/settings/name`, { name: 'Hijacked' }),
      await me.client.post(`/app/lists/${id}/settings/name`, { csrf: 'x'.repeat(43), name: 'Hijacked' }),
      await me.client.post(`/app/lists/${id}/settings/webhook`, {
        alert_webhook: 'true',
        webhook_url: `${DEV_ORIGIN}/hooks`,
      }),
      await me.client.post(`/app/lists/${id}/settings/webhook`, {
        csrf: 'x'.repeat(43),
        alert_types: ['new_filing'],
        min_severity: 'critical',
      }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(403);
      expect(answer.html).toContain('csrf_refused');
    }
    expect(await me.list(id)).toMatchObject({
      name: 'Guarded',
      webhook_url: null,
      alert_webhook: false,
      alert_types: [],
      min_severity: 'info',
    });
  });
});
