import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { WebhookDeliveryEntity } from '../../../src/db/entities/webhook-delivery';
import { setPlan } from '../../../src/domain/accounts/accounts';
import { importCompaniesCsv } from '../../../src/ingest/companies-house/import-companies';
import { launchDeliveryWorkflow } from '../../../src/temporal/delivery-starter';
import { expectUsablePage, launchBrowser, viewports } from '../../support/browser';
import { startLocalReceiver, type LocalReceiver } from '../../support/local-receiver';
import { projectRoot } from '../../support/paths';
import { request, signUp, startTestApp, type TestApp } from '../../support/test-app';
import { waitFor } from '../../support/wait-for';
import { seedAlerts, statusChange } from '../../support/web-alert-seed';

const fixture = join(projectRoot, 'test/fixtures/companies/basic-company-data-sample.csv');

/*
 * Alerts, deliveries and the signing secret in Debian's chromium, at a phone's width and a desktop's: an alert
 * whose webhook reached a local receiver, its delivery's page, a test webhook refused and then sent, the status
 * filter, and the secret revealed and rotated. Every page is checked by axe-core (no serious violation) and for
 * sideways scrolling, with a screenshot of each.
 */
describe.each(Object.entries(viewports))(
  'alerts, deliveries and the secret in a browser (%s)',
  (viewportName, viewport) => {
    let receiver: LocalReceiver;
    let app: TestApp;
    let browser: Browser;
    let page: Page;
    let key: string;
    const checked: string[] = [];

    async function checkPage(name: string) {
      await expectUsablePage(page, name, `web-${name}-${viewportName}`);
      checked.push(name);
    }
    const path = () => new URL(page.url()).pathname;

    beforeAll(async () => {
      receiver = await startLocalReceiver();
      app = await startTestApp({ WEBHOOK_DEV_ALLOWED_ORIGINS: receiver.origin });
      await importCompaniesCsv(app.services.orm.em.fork(), fixture, {
        asOf: new Date('2026-11-22T00:00:00Z'),
      });
      const account = await signUp(app);
      key = account.api_key;
      // Team: the walk through views more pages a minute than Free's quota allows.
      await setPlan(app.services.orm.em.fork(), account.account_id, 'team');
      const list = await request(app, 'POST', '/lists', { key, body: { name: 'Clients', kind: 'clients' } });
      const listId = list.body.id as number;
      await request(app, 'PATCH', `/lists/${listId}`, {
        key,
        body: { webhook_url: receiver.url('/hooks'), alert_webhook: true },
      });
      await request(app, 'POST', '/lists/companies', {
        key,
        body: { list_id: listId, company_numbers: ['09876543'] },
      });
      await seedAlerts(app, [statusChange('09876543', 'liquidation')]);
      // Sent as the change check sends it: the stored delivery's workflow, to the receiver.
      const [delivery] = await app.services.orm.em
        .fork()
        .find(WebhookDeliveryEntity, { accountId: account.account_id });
      await launchDeliveryWorkflow(app.services.temporal, app.config.TEMPORAL_TASK_QUEUE, delivery!);
      await waitFor(async () => {
        const row = await app.services.orm.em
          .fork()
          .findOne(WebhookDeliveryEntity, { eventId: delivery!.eventId });
        return row?.status === 'delivered' ? row : undefined;
      });

      browser = await launchBrowser();
      page = await (await browser.newContext({ viewport })).newPage();
      await page.goto(`${app.url}/app/sign-in`);
      await page.getByLabel('API key').fill(key);
      await page.getByRole('button', { name: 'Sign in' }).click();
      expect(path()).toBe('/app/lists');
    });
    afterAll(async () => {
      await browser?.close();
      await app?.stop();
      await receiver?.close();
    });

    it('shows the alert with its delivered webhook, and the delivery with its attempt', async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Alerts' }).click();
      expect(path()).toBe('/app/alerts');
      await page.getByRole('link', { name: 'ACORN LEAF CONSULTING LTD' }).waitFor();
      expect(await page.locator('.severity').first().textContent()).toBe('Critical');
      await checkPage('alerts');
      await page.getByRole('link', { name: /^Delivered/ }).click();
      expect(path()).toMatch(/^\/app\/deliveries\/evt_\d+_1$/);
      expect(await page.getByRole('heading', { name: 'Attempt 1: delivered' }).count()).toBe(1);
      expect(await page.content()).toContain('HTTP 200');
      await checkPage('delivery');
    });

    it('refuses a test webhook to a private address next to the field, then sends one to the receiver', async () => {
      await page.getByRole('link', { name: 'All deliveries' }).click();
      expect(path()).toBe('/app/deliveries');
      // By keyboard: Enter in the field sends the form.
      await page.getByLabel('Webhook URL').fill('http://10.1.2.3/hook');
      await page.getByLabel('Webhook URL').press('Enter');
      await page.locator('#test-webhook-url-error').waitFor();
      expect(await page.getByLabel('Webhook URL').inputValue()).toBe('http://10.1.2.3/hook');
      await checkPage('deliveries-refused');
      await page.getByLabel('Webhook URL').fill(receiver.url('/test'));
      await page.getByRole('button', { name: 'Send test webhook' }).click();
      expect(path()).toMatch(/^\/app\/deliveries\/evt_test_/);
      expect(await page.getByRole('heading', { name: 'Attempt 1: delivered' }).count()).toBe(1);
      expect(receiver.received.some((r) => r.path === '/test')).toBe(true);

      await page.getByRole('link', { name: 'All deliveries' }).click();
      await page.getByLabel('Status').selectOption('delivered');
      await page.getByRole('button', { name: 'Show deliveries' }).click();
      expect(new URL(page.url()).search).toBe('?status=delivered');
      expect(await page.locator('tbody tr').count()).toBe(2);
      await checkPage('deliveries');
    });

    it('reveals the secret on request and rotates it, showing the overlap', async () => {
      const secret = (await request<{ secret: string }>(app, 'GET', '/watchlist/webhook-secret', { key }))
        .body.secret;
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Webhook secret' })
        .click();
      expect(await page.content()).not.toContain(secret);
      await checkPage('webhook-secret');
      // By keyboard: the Reveal button takes focus and Enter presses it.
      await page.getByRole('button', { name: 'Reveal secret' }).focus();
      await page.keyboard.press('Enter');
      await page.locator('#webhook-secret').waitFor();
      expect(await page.locator('#webhook-secret').textContent()).toBe(secret);
      await checkPage('webhook-secret-revealed');
      await page.getByRole('link', { name: 'Rotate the secret…' }).click();
      await checkPage('rotate-secret');
      await page.getByRole('button', { name: 'Rotate secret' }).click();
      expect(path()).toBe('/app/webhook-secret');
      await page.getByRole('heading', { name: 'A rotation is under way' }).waitFor();
      expect(await page.content()).not.toContain('whsec_');
      await checkPage('webhook-secret-rotating');
      expect(checked).toHaveLength(8);
    });
  },
);
