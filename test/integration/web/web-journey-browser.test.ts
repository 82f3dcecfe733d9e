import type { Browser, Page } from 'playwright-core';
import { verifyWebhook } from '../../../src/domain/webhooks/verify-webhook';
import { openDatabase } from '../../../src/db/orm';
import { knexOf } from '../../../src/domain/companies/register-sql';
import { launchBrowser, viewports } from '../../support/browser';
import { startLocalReceiver, type LocalReceiver } from '../../support/local-receiver';
import { checkAndSave } from '../../support/web-journey-pages';
import { startJourneyService, type JourneyService } from '../../support/web-journey-service';
import { waitFor } from '../../support/wait-for';

interface DemoCompany {
  company_number: string;
  company_name: string;
}

/*
 * Issue 16's journey, as a new user takes it after `npm start`, by clicking in Debian's chromium: sign up, sign in,
 * create a list, add companies (by search, by number), see the Team-only webhook setting refused on Free (also when
 * the form is forced), the operator sets the plan to Team with the CLI, switch the webhook on to a local receiver,
 * the CLI simulates a change and runs the check, then the alert, its delivered attempt, the company page and the
 * signing secret, which verifies what the receiver got. The service is `src/main.ts` as a child process (embedded
 * Temporal dev server, worker, API, demo register). Each page is checked at 1280 px when visited, then again at
 * 360 px (axe-core, no sideways scroll), with screenshots of both (journey-NN-<page>-<width>).
 */
describe('the web journey in a browser, against the service as npm start runs it', () => {
  let receiver: LocalReceiver;
  let service: JourneyService;
  let browser: Browser;
  let page: Page;
  let shot = 0;
  // Each run has a database of its own, so a fixed address is one account.
  const email = 'analyst@example.com';

  const path = () => new URL(page.url()).pathname;
  const mainText = async () => (await page.locator('main').innerText()).replace(/\s+/g, ' ');

  /**
   * The page as it stands, checked and saved at desktop width, then at phone width, then back. `focus` names, per
   * width, the part of the page the window's screenshot shows (what the docs show of it).
   */
  async function seen(name: string, focus: Partial<Record<'desktop' | 'phone', string>> = {}) {
    const numbered = `journey-${String(++shot).padStart(2, '0')}-${name}`;
    await checkAndSave(page, numbered, 'desktop', { focus: focus.desktop });
    await page.setViewportSize(viewports.phone);
    await checkAndSave(page, numbered, 'phone', { focus: focus.phone });
    await page.setViewportSize(viewports.desktop);
  }
  const monitoring = { phone: '#monitoring-heading' };

  /** Two active demo companies with filed accounts (so the company page has charts), read from the store. */
  async function demoCompanies(): Promise<[DemoCompany, DemoCompany]> {
    const orm = await openDatabase(service.database);
    try {
      const rows = (await knexOf(orm.em.fork())('companies as c')
        .select('c.company_number', 'c.company_name')
        .where('c.company_status', 'active')
        .whereExists((q) =>
          q.select(1).from('accounts_years as a').whereRaw('a.company_number = c.company_number'),
        )
        .orderBy('c.company_number')
        .limit(2)) as DemoCompany[];
      if (rows.length < 2)
        throw new Error('the demo register has fewer than 2 active companies with accounts');
      return [rows[0]!, rows[1]!];
    } finally {
      await orm.close();
    }
  }

  beforeAll(async () => {
    receiver = await startLocalReceiver();
    service = await startJourneyService({ WEBHOOK_DEV_ALLOWED_ORIGINS: receiver.origin });
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: viewports.desktop })).newPage();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
    await receiver?.close();
  });

  it('signs up, builds a list, is refused the webhook on Free, gets it on Team, and sees a change delivered', async () => {
    const [searched, numbered] = await demoCompanies();

    // Sign up: the home page, then the key shown once.
    await page.goto(`${service.url}/`);
    expect(path()).toBe('/app');
    await seen('home');
    await page.getByRole('main').getByRole('link', { name: 'Sign up' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Your API key' }).waitFor();
    expect(await mainText()).toContain('Store it now: it is not shown again.');
    const key = (await page.locator('#api-key').textContent())!;
    expect(key).toMatch(/^cds_/);
    await seen('api-key');

    // Sign in with it.
    await page.getByRole('link', { name: 'Sign in with your key' }).click();
    await page.getByLabel('API key').fill(key);
    await seen('sign-in');
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(path()).toBe('/app/lists');
    expect(await mainText()).toContain('No lists yet');
    expect(await page.content()).not.toContain(key);
    await seen('lists-empty');

    // A list, a company found by search, another by its number.
    await page.getByLabel('List name').fill('Clients');
    await page.getByLabel('Kind').selectOption('clients');
    await page.getByRole('button', { name: 'Create list' }).click();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Clients');
    expect(await mainText()).toContain('A list of clients, with 0 companies.');
    const listPath = path();
    await page.getByLabel('Search the register').fill(searched.company_name);
    await page.getByLabel('Search the register').press('Enter');
    const results = page.getByRole('table', { name: /Companies found for/ });
    await results.getByRole('rowheader', { name: searched.company_name }).waitFor();
    await seen('list-search');
    await page.getByRole('button', { name: `Add ${searched.company_name}`, exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Added 1' }).waitFor();
    await page.getByLabel('Company number').fill(numbered.company_number);
    await page.getByRole('button', { name: 'Add to list' }).click();
    await page.getByRole('status').filter({ hasText: 'Added 1' }).waitFor();
    expect(await mainText()).toContain('A list of clients, with 2 companies.');
    const onList = await page
      .getByRole('table', { name: /Companies on/ })
      .getByRole('rowheader')
      .allTextContents();
    expect(onList.map((name) => name.trim()).sort()).toEqual(
      [searched.company_name, numbered.company_name].sort(),
    );
    await seen('list');

    // Settings on Free: the webhook setting shown, explained, and not to be switched on here.
    await page.getByRole('link', { name: 'List settings' }).click();
    expect(path()).toBe(`${listPath}/settings`);
    await page.getByRole('heading', { name: 'Monitoring and alerts' }).waitFor();
    const notice = page.locator('#webhook-plan-notice');
    expect((await notice.innerText()).replace(/\s+/g, ' ')).toMatch(
      /Switching webhooks on here needs the team plan; your plan is free\. Upgrade to team The API can do it on any plan, yours included: PATCH \/lists\/\d+ with webhook_url and alert_webhook\./,
    );
    expect(await page.getByLabel('Send changes to a webhook').isDisabled()).toBe(true);
    expect(await page.getByLabel('Webhook URL').isDisabled()).toBe(true);
    const notSent = 'Changes to this list’s companies are not sent to a webhook.';
    expect(await page.locator('#webhook-state').textContent()).toContain(notSent);
    await seen('list-settings-free', monitoring);

    // The form forced: the disabled controls enabled and put in a form with the page's CSRF token, box ticked.
    const hookUrl = receiver.url('/hooks');
    const forced = page.waitForResponse((r) => r.request().method() === 'POST');
    await page.evaluate(
      ({ action, url }) => {
        const fieldset = document.querySelector('fieldset.current-setting') as HTMLFieldSetElement;
        const form = document.createElement('form');
        form.method = 'post';
        form.action = action;
        form.append(
          (document.querySelector('input[name="csrf"]') as HTMLInputElement).cloneNode() as HTMLInputElement,
        );
        fieldset.disabled = false;
        fieldset.parentNode!.insertBefore(form, fieldset);
        form.append(fieldset);
        (document.getElementById('alert-webhook') as HTMLInputElement).checked = true;
        (document.getElementById('webhook-url') as HTMLInputElement).value = url;
        form.submit();
      },
      { action: `${listPath}/settings/webhook`, url: hookUrl },
    );
    expect((await forced).status()).toBe(403);
    await page.waitForLoadState();
    expect(await mainText()).toContain(
      'Switching a list’s webhook on in the web app needs the team plan; your plan is free.',
    );
    expect(await page.locator('#webhook-state').textContent()).toContain(notSent);
    await seen('list-settings-free-refused', monitoring);
    await page.goto(`${service.url}${listPath}/settings`);
    expect(await page.locator('#webhook-state').textContent()).toContain(notSent);
    expect(await page.getByLabel('Webhook URL').inputValue()).toBe('');

    // The operator finds the account by its email and sets its plan, with the CLI.
    const found = await service.cli<{ accounts: { account_id: string; plan: string }[] }>(
      'accounts',
      'find',
      '--email',
      email,
    );
    expect(found.accounts).toHaveLength(1);
    expect(found.accounts[0]!.plan).toBe('free');
    const accountId = found.accounts[0]!.account_id;
    expect(await service.cli('accounts', 'set-plan', '--account', accountId, '--plan', 'team')).toEqual({
      account_id: accountId,
      plan: 'team',
    });

    // On Team the setting is a form: webhooks on, to the local receiver.
    await page.reload();
    await page.getByLabel('Send changes to a webhook').check();
    await page.getByLabel('Webhook URL').fill(hookUrl);
    await page.getByRole('button', { name: 'Save monitoring settings' }).click();
    await page.getByText('Monitoring settings saved.').waitFor();
    expect(await page.locator('#webhook-state').textContent()).toContain(
      `Changes to this list’s companies are sent to ${hookUrl}.`,
    );
    expect(await page.getByLabel('Send changes to a webhook').isChecked()).toBe(true);
    await seen('list-settings-team', monitoring);

    // A change on the register, and the check run now rather than at the next quarter hour. A company going into
    // liquidation or administration also gains an insolvency history: one change may make more than one alert.
    const change = await service.cli<{ company_number: string; alert_type: string }>(
      'simulate-changes',
      '--company',
      searched.company_number,
      '--type',
      'status_change',
    );
    expect(change).toMatchObject({ company_number: searched.company_number, alert_type: 'status_change' });
    const check = await service.cli<{ alerts_written: number; deliveries_started: number }>('check-changes');
    const alerts = check.alerts_written;
    expect(alerts).toBeGreaterThanOrEqual(1);
    expect(check.deliveries_started).toBe(alerts);
    const hooks = () => receiver.received.filter((r) => r.path === '/hooks');
    await waitFor(async () => (hooks().length >= alerts ? true : undefined), 60_000);

    // The alerts, each with its webhook delivered (the page is read again until the deliveries' records say so).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Alerts' }).click();
    expect(path()).toBe('/app/alerts');
    const deliveredLinks = page.getByRole('link', { name: /^Delivered/ });
    await waitFor(async () => {
      if ((await deliveredLinks.count()) === alerts) return true;
      await page.reload();
      return undefined;
    }, 60_000).catch(async (error: Error) => {
      const webhooks = await page.locator('.cards dd').allInnerTexts();
      throw new Error(
        `${error.message}: ${alerts} alerts not all delivered; the page says ${webhooks.join(' | ')}`,
      );
    });
    const cards = page.getByRole('list', { name: 'Alerts, newest first' }).getByRole('listitem');
    expect(await cards.count()).toBe(alerts);
    for (const card of await cards.all()) {
      const text = (await card.innerText()).replace(/\s+/g, ' ');
      expect(text).toContain(`${searched.company_name} ${searched.company_number}`);
      expect(text).toContain('Lists Clients');
    }
    const statusCard = cards.filter({ has: page.getByRole('heading', { name: /^Status changed to / }) });
    expect(await statusCard.count()).toBe(1);
    await seen('alerts');

    // The status change's delivery: one attempt, HTTP 200 from the receiver, which got it.
    await statusCard.getByRole('link', { name: /^Delivered/ }).click();
    expect(path()).toMatch(/^\/app\/deliveries\/evt_\d+_1$/);
    const eventId = path().split('/').pop()!;
    expect(await page.getByRole('heading', { name: 'Attempt 1: delivered' }).count()).toBe(1);
    const deliveryText = await mainText();
    expect(deliveryText).toContain('HTTP 200');
    expect(deliveryText).toContain(hookUrl);
    const delivered = hooks().find((r) => r.rawBody.includes(eventId));
    expect(delivered).toBeDefined();
    expect(JSON.parse(delivered!.rawBody)).toMatchObject({ type: 'company.alert' });
    expect(delivered!.rawBody).toContain(searched.company_number);
    await seen('delivery', { phone: '#attempts-heading' });
    await page.getByRole('link', { name: 'All deliveries' }).click();
    expect(path()).toBe('/app/deliveries');
    expect(await page.locator('tbody tr').count()).toBe(alerts);
    expect(await page.locator('tbody').innerText()).toContain(eventId);
    await seen('deliveries');

    // The company page, with its charts now that the plan includes them.
    await page.goto(`${service.url}/app/alerts`);
    await statusCard.getByRole('link', { name: searched.company_name }).click();
    expect(path()).toBe(`/app/companies/${searched.company_number}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(searched.company_name);
    await page.getByRole('heading', { name: 'Financial history' }).waitFor();
    const charts = page.locator('#financials canvas');
    expect(await charts.count()).toBeGreaterThan(0);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('#financials canvas')].every(
        (canvas) => (canvas as HTMLCanvasElement).width > 0,
      ),
    );
    expect(await mainText()).not.toContain('needs the starter plan');
    await seen('company', { desktop: '#financials', phone: '#financials' });

    // The signing secret: hidden until revealed; it is the one that signed the webhook the receiver got.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Webhook secret' })
      .click();
    expect(await page.locator('#secret-hidden').textContent()).toBe('Hidden');
    expect(await page.content()).not.toContain('whsec_');
    await seen('webhook-secret');
    await page.getByRole('button', { name: 'Reveal secret' }).click();
    const secret = (await page.locator('#webhook-secret').textContent())!;
    expect(secret).toMatch(/^whsec_/);
    for (const request of hooks()) {
      const signature = request.headers['service-signature'];
      expect(
        verifyWebhook(request.rawBody, typeof signature === 'string' ? signature : undefined, secret, {
          now: () => Math.floor(request.receivedAt / 1000),
        }),
      ).toMatchObject({ ok: true });
    }
    await seen('webhook-secret-revealed');

    // The sanctions lists held (the demo ones npm start seeds), and a choice of them saved and undone.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sanctions' }).click();
    expect(path()).toBe('/app/sanctions');
    const ukRow = page.locator('#sanctions-lists tbody tr').filter({ hasText: 'UK Sanctions List' });
    expect(await ukRow.innerText()).toMatch(/Version \d+/);
    expect(await page.locator('#choice-state').innerText()).toContain('Every list this service holds');
    for (const box of await page.getByRole('checkbox').all()) await box.uncheck();
    await page.getByRole('checkbox', { name: 'UK Sanctions List' }).check();
    await page.getByRole('button', { name: 'Save the lists' }).click();
    expect(await page.locator('#choice-state').innerText()).toBe(
      'Only the lists you chose: UK Sanctions List.',
    );
    await seen('sanctions');
    await page.getByRole('button', { name: 'Screen against every list held' }).click();
    expect(await page.locator('#choice-state').innerText()).toContain('Every list this service holds');

    // Back to the lists: the list's alert and its webhook, at a glance.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Lists' }).click();
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: 'Clients', exact: true }) });
    const cells = (await row.getByRole('cell').allTextContents()).map((cell) => cell.trim());
    expect(cells.slice(0, 5)).toEqual([
      'clients',
      '2',
      expect.any(String),
      String(alerts),
      expect.any(String),
    ]);
    expect(cells).toContain('On');
    expect(await page.content()).not.toContain(key);
    await seen('lists');
    expect(service.process.warnings.filter((line) => line.level >= 50)).toEqual([]);
  }, 300_000);
});
