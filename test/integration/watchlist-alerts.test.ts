import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { z } from 'zod';
import { AlertEntity, type Alert } from '../../src/db/entities/alert';
import { WebhookDeliveryEntity } from '../../src/db/entities/webhook-delivery';
import { setPlan } from '../../src/domain/accounts/accounts';
import { runChangeCheckStep } from '../../src/domain/changes/change-check';
import type { ChangeDraft } from '../../src/domain/changes/company-changes';
import { strikeOffProposal } from '../support/simulated-changes';
import { accountsFiled, chargeRegistered, nameChange } from '../support/sample-changes';
import { appendChanges } from '../../src/domain/changes/register-change-log';
import { alertEventSchema } from '../../src/domain/webhooks/events';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import type { getLists } from '../../src/operations/get-lists';
import type { getWatchlistAlerts } from '../../src/operations/get-watchlist-alerts';
import { projectRoot } from '../support/paths';
import { request, signUp, startTestApp, type ErrorBody, type TestApp } from '../support/test-app';

type AlertsPage = z.infer<typeof getWatchlistAlerts.output>;
type AccountAlert = AlertsPage['alerts'][number];
type ListsReply = z.infer<typeof getLists.output>;

const fixture = join(projectRoot, 'test/fixtures/companies/basic-company-data-sample.csv');
const PUBLIC_BASE_URL = 'https://api.example.test';
const CLIENTS_HOOK = 'https://hooks.example.com/clients';
const OWN_HOOK = 'https://hooks.example.com/own';
const THEIR_HOOK = 'https://hooks.example.com/theirs';

const acorn = 'ACORN LEAF CONSULTING LTD (09876543)';
/** Nobody monitors this company: no alert anywhere. */
const unmonitored: ChangeDraft = {
  companyNumber: '11223344',
  change: 'dissolved',
  field: 'company_status',
  alertType: 'status_change',
  oldValue: { status: 'liquidation', detail: null, date_of_cessation: null },
  newValue: { status: 'dissolved', detail: null, date_of_cessation: '2026-11-20' },
};
const moved: ChangeDraft = {
  companyNumber: '09876543',
  change: 'updated',
  field: 'registered_office_address',
  alertType: 'address_change',
  oldValue: { address_line_1: 'FLAT 4, 27 OLD STREET', locality: 'LONDON', postal_code: 'EC1V 9HL' },
  newValue: { address_line_1: '1 PARK ROW', locality: 'LEEDS', postal_code: 'LS1 5AB' },
};

async function connect(app: TestApp, apiKey: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), {
    requestInit: { headers: { 'X-Api-Key': apiKey } },
  });
  const client = new Client({ name: 'watchlist-alerts-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

describe('GET /watchlist/alerts and alert counts on lists', () => {
  let app: TestApp;
  /** Team, so this suite's calls stay under the minute limit; `theirKey` is Free and may read alerts too. */
  let myKey: string;
  let myAccount: string;
  let theirKey: string;
  let theirAccount: string;
  let clients: number;
  let suppliers: number;
  let firstAt: Date;
  let secondAt: Date;

  const alerts = (query = '', key = myKey) =>
    request<AlertsPage & ErrorBody>(app, 'GET', `/watchlist/alerts${query}`, { key });
  const ids = async (query: string, key = myKey) =>
    (await alerts(query, key)).body.alerts.map((a) => a.alert_id);

  /** The account's alerts as stored, by the change they announce. */
  async function stored(accountId: string): Promise<Alert[]> {
    return app.services.orm.em.fork().find(AlertEntity, { accountId }, { orderBy: { id: 'asc' } });
  }
  async function alertFor(accountId: string, draft: ChangeDraft): Promise<Alert> {
    const rows: { sequence: number | string }[] = await app.services.orm.em
      .fork()
      .getConnection()
      .execute('select sequence from register_changes where company_number = ? and field = ?', [
        draft.companyNumber,
        draft.field,
      ]);
    const sequence = Number(rows[0]!.sequence);
    return (await stored(accountId)).find((alert) => Number(alert.changeSequence) === sequence)!;
  }

  async function changeCheck(drafts: ChangeDraft[], detectedAt: Date): Promise<void> {
    await app.services.orm.em
      .fork()
      .transactional((em) => appendChanges(em, drafts, 'simulator', detectedAt));
    await runChangeCheckStep(app.services.orm.em.fork(), { now: new Date(), publicBaseUrl: PUBLIC_BASE_URL });
  }

  beforeAll(async () => {
    app = await startTestApp({ PUBLIC_BASE_URL });
    await importCompaniesCsv(app.services.orm.em.fork(), fixture, { asOf: new Date('2026-11-22T00:00:00Z') });
    const mine = await signUp(app);
    await setPlan(app.services.orm.em.fork(), mine.account_id, 'team');
    myKey = mine.api_key;
    myAccount = mine.account_id;
    const theirs = await signUp(app);
    theirKey = theirs.api_key;
    theirAccount = theirs.account_id;

    const post = (path: string, body: unknown, key = myKey) => request(app, 'POST', path, { key, body });
    clients = (await post('/lists', { name: 'Clients', kind: 'clients' })).body.id as number;
    suppliers = (await post('/lists', { name: 'Suppliers', kind: 'suppliers' })).body.id as number;
    await request(app, 'PATCH', `/lists/${clients}`, {
      key: myKey,
      body: { webhook_url: CLIENTS_HOOK, alert_webhook: true },
    });
    await post('/lists/companies', { list_id: clients, company_numbers: ['09876543', '01234567'] });
    await post('/lists/companies', { list_id: suppliers, company_numbers: ['09876543'] });
    // The company's own address wins over its list's.
    await post('/watchlist', { company_number: '01234567', webhook_url: OWN_HOOK });
    // Watched without an address: alerts, but no webhook.
    await post('/watchlist', { company_number: 'SC412345' });
    await post('/watchlist', { company_number: '09876543', webhook_url: THEIR_HOOK }, theirKey);

    firstAt = new Date();
    await changeCheck([nameChange, chargeRegistered, accountsFiled, unmonitored, strikeOffProposal], firstAt);
    secondAt = new Date(firstAt.getTime() + 60_000);
    await changeCheck([moved], secondAt);
  });
  afterAll(() => app?.stop());

  it('lists the caller’s alerts newest first, with the payload’s fields and the delivery', async () => {
    const [moveAlert, strikeAlert, filedAlert, chargeAlert, nameAlert] = await Promise.all(
      [moved, strikeOffProposal, accountsFiled, chargeRegistered, nameChange].map((d) =>
        alertFor(myAccount, d),
      ),
    );
    const links = (number: string) => ({
      company: `${PUBLIC_BASE_URL}/company/${number}`,
      alerts: `${PUBLIC_BASE_URL}/watchlist/alerts?company_number=${number}`,
    });
    const bothLists = [
      { id: clients, name: 'Clients' },
      { id: suppliers, name: 'Suppliers' },
    ];
    const pending = (alert: Alert) => ({ event_id: `evt_${alert.id}_1`, status: 'pending' as const });
    const expected: AccountAlert[] = [
      {
        alert_id: moveAlert!.id,
        company_number: '09876543',
        company_name: 'ACORN LEAF CONSULTING LTD',
        alert_type: 'address_change',
        severity: 'info',
        title: 'Registered office address changed',
        detail: `${acorn}: registered office moved from FLAT 4, 27 OLD STREET, LONDON, EC1V 9HL to 1 PARK ROW, LEEDS, LS1 5AB.`,
        detected_at: secondAt.toISOString(),
        links: links('09876543'),
        lists: bothLists,
        delivery: pending(moveAlert!),
        not_sent_reason: null,
      },
      {
        alert_id: strikeAlert!.id,
        company_number: '09876543',
        company_name: 'ACORN LEAF CONSULTING LTD',
        alert_type: 'gazette_notice',
        severity: 'critical',
        title: 'Proposal to strike off',
        detail: `${acorn}: a first Gazette notice proposes to strike the company off the register.`,
        detected_at: firstAt.toISOString(),
        links: links('09876543'),
        lists: bothLists,
        delivery: pending(strikeAlert!),
        not_sent_reason: null,
      },
      {
        alert_id: filedAlert!.id,
        company_number: 'SC412345',
        company_name: 'HIGHLAND TIMBER SUPPLIES LIMITED',
        alert_type: 'accounts_filed',
        severity: 'info',
        title: 'Accounts filed',
        detail:
          'HIGHLAND TIMBER SUPPLIES LIMITED (SC412345): total exemption full accounts made up to 2024-12-31 were filed.',
        detected_at: firstAt.toISOString(),
        links: links('SC412345'),
        lists: [],
        delivery: null,
        not_sent_reason: null,
      },
      {
        alert_id: chargeAlert!.id,
        company_number: '01234567',
        company_name: 'NORTHERN LOOM PLC',
        alert_type: 'charge_registered',
        severity: 'warning',
        title: 'Charge registered',
        detail:
          'NORTHERN LOOM PLC (01234567): a new charge was registered. Charges now: 6 in all, 2 outstanding, 0 part satisfied, 4 satisfied.',
        detected_at: firstAt.toISOString(),
        links: links('01234567'),
        lists: [{ id: clients, name: 'Clients' }],
        delivery: pending(chargeAlert!),
        not_sent_reason: null,
      },
      {
        alert_id: nameAlert!.id,
        company_number: '09876543',
        company_name: 'ACORN LEAF CONSULTING LTD',
        alert_type: 'name_change',
        severity: 'info',
        title: 'Company name changed',
        detail: '09876543: name changed from ACORN LEAF CONSULTING LTD to ACORN LEAF ADVISORY LTD.',
        detected_at: firstAt.toISOString(),
        links: links('09876543'),
        lists: bothLists,
        delivery: pending(nameAlert!),
        not_sent_reason: null,
      },
    ];
    const response = await alerts();
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ alerts: expected, next_before: null });
    // Newest first is by id: the order the change check wrote them.
    const order = response.body.alerts.map((a) => a.alert_id);
    expect(order).toEqual([...order].sort((a, b) => b - a));
  });

  it('shows each alert exactly as its webhook payload carries it', async () => {
    const page = (await alerts()).body.alerts;
    const sent = page.filter((alert) => alert.delivery !== null);
    expect(sent).toHaveLength(4);
    // not_sent_reason says why an alert was not sent; it is the listing's, not the payload's.
    for (const { delivery, not_sent_reason: notSent, ...data } of sent) {
      expect(notSent).toBeNull();
      const row = await app.services.orm.em
        .fork()
        .findOneOrFail(WebhookDeliveryEntity, { eventId: delivery!.event_id });
      const payload = alertEventSchema.parse(JSON.parse(row.body));
      expect(payload.data).toEqual(data);
      expect(row.accountId).toBe(myAccount);
    }
    // Rule 5: the company's own address won for 01234567; its list's address for the others.
    const urls = await app.services.orm.em
      .fork()
      .find(WebhookDeliveryEntity, { accountId: myAccount }, { orderBy: { createdAt: 'asc' } });
    expect(new Set(urls.filter((d) => d.companyNumber === '01234567').map((d) => d.url))).toEqual(
      new Set([OWN_HOOK]),
    );
    expect(new Set(urls.filter((d) => d.companyNumber === '09876543').map((d) => d.url))).toEqual(
      new Set([CLIENTS_HOOK]),
    );
  });

  it('follows the delivery’s status', async () => {
    const [newest, second] = (await alerts()).body.alerts;
    const em = app.services.orm.em.fork();
    await em.nativeUpdate(
      WebhookDeliveryEntity,
      { eventId: newest!.delivery!.event_id },
      { status: 'delivered' },
    );
    await em.nativeUpdate(
      WebhookDeliveryEntity,
      { eventId: second!.delivery!.event_id },
      { status: 'failed' },
    );
    const [newestNow, secondNow] = (await alerts()).body.alerts;
    expect(newestNow!.delivery).toEqual({ event_id: newest!.delivery!.event_id, status: 'delivered' });
    expect(secondNow!.delivery).toEqual({ event_id: second!.delivery!.event_id, status: 'failed' });
  });

  it('filters by company number as typed, newest first; a company without alerts gives none', async () => {
    const all = (await alerts()).body.alerts;
    const acornIds = all.filter((a) => a.company_number === '09876543').map((a) => a.alert_id);
    expect(acornIds).toHaveLength(3);
    expect(await ids('?company_number=9876543')).toEqual(acornIds);
    expect(await ids('?company_number=%2009876543%20')).toEqual(acornIds);
    expect(
      (await alerts('?company_number=sc412345')).body.alerts.map((a) => [a.company_number, a.alert_type]),
    ).toEqual([['SC412345', 'accounts_filed']]);
    // On the register, but nobody here watches it; and a well-formed number the register lacks.
    expect((await alerts('?company_number=11223344')).body).toEqual({ alerts: [], next_before: null });
    expect((await alerts('?company_number=99999999')).body).toEqual({ alerts: [], next_before: null });
  });

  it('pages with before and limit, without repeating or skipping an alert', async () => {
    const all = await ids('');
    const seen: number[] = [];
    let query = '?limit=2';
    const sizes: number[] = [];
    for (;;) {
      const page = (await alerts(query)).body;
      sizes.push(page.alerts.length);
      seen.push(...page.alerts.map((a) => a.alert_id));
      if (page.next_before === null) break;
      expect(page.next_before).toBe(page.alerts.at(-1)!.alert_id);
      query = `?limit=2&before=${page.next_before}`;
    }
    expect(sizes).toEqual([2, 2, 1]);
    expect(seen).toEqual(all);
    // A page that ends on the last alert says so.
    expect((await alerts('?limit=5')).body.next_before).toBeNull();
    expect((await alerts('?limit=4')).body.next_before).toBe(all[3]);
    // Paging within one company.
    const acorn = await ids('?company_number=09876543');
    const first = (await alerts('?company_number=09876543&limit=2')).body;
    expect(first.alerts.map((a) => a.alert_id)).toEqual(acorn.slice(0, 2));
    const rest = (await alerts(`?company_number=09876543&limit=2&before=${first.next_before}`)).body;
    expect(rest).toEqual({ alerts: [expect.objectContaining({ alert_id: acorn[2] })], next_before: null });
  });

  it('never shows another account’s alerts, and is open to a Free key', async () => {
    const theirs = await alerts('', theirKey);
    expect(theirs.status).toBe(200);
    const theirStored = await stored(theirAccount);
    expect(theirStored).toHaveLength(3);
    expect(theirs.body.alerts.map((a) => a.alert_id)).toEqual(theirStored.map((a) => a.id).reverse());
    for (const alert of theirs.body.alerts) {
      expect(alert).toMatchObject({
        company_number: '09876543',
        lists: [],
        delivery: { event_id: `evt_${alert.alert_id}_1`, status: 'pending' },
      });
    }
    const mine = new Set(await ids(''));
    expect(theirs.body.alerts.some((a) => mine.has(a.alert_id))).toBe(false);
    // Neither a company filter nor a cursor reaches past the account.
    expect((await alerts('?company_number=01234567', theirKey)).body.alerts).toEqual([]);
    const highest = Math.max(...mine, ...theirStored.map((a) => a.id));
    expect(await ids(`?before=${highest + 1}`, theirKey)).toEqual(theirs.body.alerts.map((a) => a.alert_id));
    // An account that watches nothing has no alerts at all.
    expect((await alerts('', (await signUp(app)).api_key)).body).toEqual({ alerts: [], next_before: null });
  });

  it('refuses bad input, each with its code', async () => {
    const cases: [string, string, string][] = [
      ['company_number=XX12', 'invalid_company_number', 'company_number'],
      ['company_number=', 'invalid_argument', 'company_number'],
      ['before=0', 'invalid_argument', 'before'],
      ['before=abc', 'invalid_argument', 'before'],
      ['before=2147483648', 'invalid_argument', 'before'],
      ['limit=0', 'invalid_argument', 'limit'],
      ['limit=101', 'invalid_argument', 'limit'],
      ['status=pending', 'invalid_argument', '(body)'],
    ];
    for (const [query, code, argument] of cases) {
      const response = await alerts(`?${query}`);
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
      const { error } = response.body;
      const problems = error.details.problems as { argument: string }[] | undefined;
      expect({
        query,
        code: error.code,
        argument: problems ? problems[0]!.argument : error.details.argument,
      }).toEqual({ query, code, argument });
    }
    const anonymous = await request<ErrorBody>(app, 'GET', '/watchlist/alerts');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('unauthenticated');
  });

  it('is REST only: no MCP tool, and in the OpenAPI document without x-mcp-tool', async () => {
    const client = await connect(app, myKey);
    const { tools } = await client.listTools();
    await client.close();
    expect(tools.map((t) => t.name)).not.toContain('get_watchlist_alerts');
    const openapi = await request<{ paths: Record<string, Record<string, Record<string, unknown>>> }>(
      app,
      'GET',
      '/openapi.json',
    );
    const operation = openapi.body.paths['/watchlist/alerts']!.get!;
    expect(operation).toMatchObject({ operationId: 'get_watchlist_alerts', 'x-lowest-plan': 'free' });
    expect(operation['x-mcp-tool']).toBeUndefined();
  });

  it('counts on each list the account’s alerts on the companies now on it (REST and MCP)', async () => {
    const counts = async (key = myKey) =>
      Object.fromEntries(
        (await request<ListsReply>(app, 'GET', '/lists', { key })).body.lists.map((l) => [
          l.name,
          l.alert_count,
        ]),
      );
    // Clients: 09876543 (3) and 01234567 (1); Suppliers: 09876543 (3).
    expect(await counts()).toEqual({ Clients: 4, Suppliers: 3 });

    const client = await connect(app, myKey);
    const viaTool = await client.callTool({ name: 'get_lists', arguments: {} });
    await client.close();
    expect(
      (viaTool.structuredContent as ListsReply).lists.map((l) => [l.name, l.company_count, l.alert_count]),
    ).toEqual([
      ['Clients', 2, 4],
      ['Suppliers', 1, 3],
    ]);

    // A company taken off a list takes its alerts off the count; the alerts themselves stay.
    expect(
      (await request(app, 'DELETE', `/lists/${clients}/companies/01234567`, { key: myKey })).status,
    ).toBe(200);
    expect(await counts()).toEqual({ Clients: 3, Suppliers: 3 });
    expect(await ids('?company_number=01234567')).toHaveLength(1);

    // Another account's list holding the same company counts that account's alerts only, including those
    // raised while it watched the company from its watchlist.
    const theirs = await request<{ id: number }>(app, 'POST', '/lists', {
      key: theirKey,
      body: { name: 'Mine', kind: 'portfolio' },
    });
    await request(app, 'POST', '/lists/companies', {
      key: theirKey,
      body: { list_id: theirs.body.id, company_numbers: ['09876543', 'SC412345'] },
    });
    expect(await counts(theirKey)).toEqual({ Mine: 3 });
  });
});
